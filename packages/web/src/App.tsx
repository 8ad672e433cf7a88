import { ThemeProvider } from '@portcullis/design';
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { pages } from './router/pages';
import { createRoutes } from './router/routes';
import { themeNameAtom } from './themeAtom';

export function App() {
  const [themeName, setThemeName] = useAtom(themeNameAtom);
  const router = useMemo(() => createBrowserRouter(createRoutes(pages)), []);
  return (
    <ThemeProvider themeName={themeName} onThemeChange={setThemeName}>
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
