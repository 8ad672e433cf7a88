export { TabBar } from './TabBar';
export type { TabBarProps, TabBarTab } from './TabBar';
