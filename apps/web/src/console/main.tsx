import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { ConsoleApp } from './app/console-app.tsx';

// The console's own entry (console.html): nothing of the student app's screens is imported from here.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
