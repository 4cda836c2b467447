import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@portfolio/shared/tokens.css';
import { loadRuntimeConfig } from '@portfolio/shared/config';
import { App } from './App';
import { registerSiteRemotes } from './federation/remotes';
import { installDiagnostics } from './federation/diagnostics';
import { preconnectTo } from './federation/preconnect';
import { BOOT_ERROR_TEXT } from './texts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

loadRuntimeConfig()
  .then((config) => {
    preconnectTo([config.apiBase, ...Object.values(config.remotes)]);
    registerSiteRemotes(config.remotes, { timeoutMs: config.remoteLoadTimeoutMs });
    installDiagnostics();
    root.render(
      <StrictMode>
        <App owner={config.owner} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<p role="alert">{BOOT_ERROR_TEXT}</p>);
  });
