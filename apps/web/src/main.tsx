import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado.');

// The first render as a transition: React builds the tree in slices that yield to the browser
// every few milliseconds instead of one long task (docs/decisions/0018-home-on-a-phone.md).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
