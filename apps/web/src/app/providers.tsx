import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { WaitingRoomProvider } from '../features/fila/components/waiting-room-provider';
import { ApiError } from '../shared/api/api-error';
import { NoticeProvider } from '../shared/notices/notice-provider';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a network blip or a 5xx gets one more try.
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <NoticeProvider>
        <WaitingRoomProvider>{children}</WaitingRoomProvider>
      </NoticeProvider>
    </QueryClientProvider>
  );
}
