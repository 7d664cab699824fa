import './fill.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FillApp } from './FillApp.tsx';

// The public fill page (issue 18, part 4): its own entry, without the staff app or PrimeReact.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <FillApp />
  </StrictMode>,
);
