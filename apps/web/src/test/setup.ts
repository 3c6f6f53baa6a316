import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeWebSocket } from './fake-websocket';

// Routes are lazy chunks: the first import of one is transformed on demand and can take seconds.
configure({ asyncUtilTimeout: 5000 });

// jsdom implements neither; the app calls both on every navigation.
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  // The waiting room's hub, with room to spare: the login form shows at once. Tests of the room
  // itself install their own (test/fake-websocket.ts).
  installFakeWebSocket();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
