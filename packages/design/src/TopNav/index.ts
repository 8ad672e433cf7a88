export { TopNav } from './TopNav';
export type { TopNavProps } from './TopNav';
export { ThemeToggle } from './ThemeToggle';
