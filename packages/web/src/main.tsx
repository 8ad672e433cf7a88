import { createRoot } from 'react-dom/client';
import { App } from './App';
import { boot } from './boot';

boot(document);
createRoot(document.getElementById('app')!).render(<App />);
