import type { SideNavCategory } from '@portcullis/design';
import { compilePath, enabledFeatures, type Feature, type FeatureFlags, features as allFeatures, webRoutes } from '@portcullis/shared';
import { matchPath } from 'react-router-dom';

export interface NavItem {
  id: string;
  title: string;
  to: string;
  /** The route template, to tell which item the current page belongs to. */
  pattern: string;
  exact: boolean;
}

/**
 * The side navigation from spec §2's feature list: what the user's flags allow, by category, then by
 * section within Management. Resources and Assist have no sections, so their one section takes the
 * category's name. Empty categories and sections are left out.
 */
export function navigationCategories(flags: FeatureFlags, clusterId: string, features: readonly Feature[] = allFeatures): (SideNavCategory & { sections: { title: string; items: NavItem[] }[] })[] {
  const allowed = new Set(enabledFeatures(flags));
  const categories: (SideNavCategory & { sections: { title: string; items: NavItem[] }[] })[] = [];
  for (const f of features) {
    if (f.placement !== 'navigation' || !f.category || !allowed.has(f)) continue;
    let category = categories.find((c) => c.id === f.category);
    if (!category) categories.push((category = { id: f.category, title: f.category, sections: [] }));
    const sectionTitle = f.section ?? f.category;
    let section = category.sections.find((s) => s.title === sectionTitle);
    if (!section) category.sections.push((section = { title: sectionTitle, items: [] }));
    const pattern = webRoutes[f.route];
    section.items.push({ id: f.title, title: f.title, to: compilePath(pattern, { clusterId }), pattern, exact: f.exact });
  }
  return categories;
}

/** The item the current page belongs to: an exact route match, or a prefix for non-exact features. */
export function activeNavItem(categories: ReturnType<typeof navigationCategories>, pathname: string): NavItem | undefined {
  return categories
    .flatMap((c) => c.sections.flatMap((s) => s.items))
    .find((item) => matchPath({ path: item.pattern, end: item.exact }, pathname) !== null);
}
