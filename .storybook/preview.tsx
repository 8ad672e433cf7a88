import type { Decorator, Preview } from '@storybook/react-vite';
import { ThemeProvider, type ThemeName } from '@portcullis/design';

// Storybook's iframe has no lang; axe (visual/) would flag every story for it.
document.documentElement.lang = 'en';

/** Every story renders inside the design system's ThemeProvider, in the theme the toolbar picks. */
const withTheme: Decorator = (Story, context) => (
  <ThemeProvider themeName={(context.globals.theme as ThemeName | undefined) ?? 'light'}>
    <Story />
  </ThemeProvider>
);

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withTheme],
  parameters: { layout: 'padded', controls: { expanded: true } },
};

export default preview;
