import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { i18nReady } from './shared/i18n/i18n';
import { App } from './app/app';
import { applyLaunchTheme } from './shared/telegram/launch';

applyLaunchTheme();

void i18nReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
