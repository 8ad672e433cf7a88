import { ButtonIcon } from '../ButtonIcon';
import { Icons } from '../Icon';
import { useTheme } from '../theme/ThemeProvider';

/** Switches between the light and dark palettes through the ThemeProvider. */
export function ThemeToggle() {
  const { themeName, toggleTheme } = useTheme();
  const next = themeName === 'light' ? 'dark' : 'light';
  return (
    <ButtonIcon
      icon={themeName === 'light' ? Icons.Moon : Icons.Sun}
      aria-label={`Switch to ${next} theme`}
      onClick={toggleTheme}
    />
  );
}
