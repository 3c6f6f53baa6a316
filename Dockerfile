# One image for the portal: the API serves the built web app on the same port.
FROM node:20-bookworm-slim
RUN npm install -g pnpm@12.21.0
WORKDIR /app
COPY . .
# pnpm build: Prisma client, the API compiled to apps/api/dist (esbuild), the web app.
RUN pnpm install --frozen-lockfile && pnpm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
WORKDIR /app/apps/api
# Built JavaScript, no TypeScript loader; node is PID 1, so `docker stop`'s SIGTERM reaches the
# server's graceful shutdown directly (docs/decisions/0021-compiled-api.md).
CMD ["node", "--enable-source-maps", "dist/server.js"]
