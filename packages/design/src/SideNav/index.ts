export { SideNav } from './SideNav';
export type { SideNavProps, SideNavCategory, SideNavSection, SideNavItem } from './SideNav';
