import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index';
import { App } from './app/app';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
