# One image for the portal: the API serves the built web app on the same port.
FROM node:20-bookworm-slim
RUN npm install -g pnpm@12.21.0
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["pnpm", "--filter", "@legiao/api", "run", "start"]
