import { createContext, useContext } from 'react';

export type NoticeKind = 'error' | 'success' | 'info';

export interface NoticeInput {
  message: string;
  kind?: NoticeKind;
  /** Milliseconds on screen; 5 s unless told (the login error lasts 10 s). */
  duration?: number;
}

export interface Notice extends Required<NoticeInput> {
  id: number;
}

export interface NoticeApi {
  notify: (notice: NoticeInput) => void;
  dismiss: (id: number) => void;
}

export const NOTICE_DURATION_MS = 5000;
export const LOGIN_NOTICE_DURATION_MS = 10_000;

export const NoticeContext = createContext<NoticeApi | null>(null);

export function useNotices(): NoticeApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error('useNotices must be used inside <NoticeProvider>');
  return api;
}
