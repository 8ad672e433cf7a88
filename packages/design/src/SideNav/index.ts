export { SideNav, isActiveItem } from './SideNav';
export type { SideNavProps, SideNavGroup, SideNavItem } from './SideNav';
