export { Tabs } from './Tabs';
export type { TabsProps, Tab } from './Tabs';
