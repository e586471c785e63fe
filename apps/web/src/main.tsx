import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index';
import { App } from './app/app';
import { runEffectsBeforeInput } from './lib/effects-before-input';
import './styles/global.css';

runEffectsBeforeInput();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const container = root;
// The system status call is already on its way (app.tsx); the texts of a stored English arrive meanwhile.
// The first render runs as a task of its own, not in the one that evaluated the scripts: two shorter tasks
// block a phone's main thread less than one long one (issue 40's TBT).
void i18nReady
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
