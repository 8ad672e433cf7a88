import type { FeatureFlag } from '@portcullis/shared';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * One console page: where it lives (a template of shared's webRoutes), how it is framed, its tab title
 * and its lazily loaded component. Adding a feature to the console is adding one of these to pages.ts.
 */
export interface PageRoute {
  path: string;
  /** public: signed out; main: the layout with navigation; fullscreen: signed in, no navigation. */
  frame: 'public' | 'main' | 'fullscreen';
  title: string;
  component: LazyExoticComponent<ComponentType>;
  /** The feature flag the user needs; without it the page shows Access Denied. */
  flag?: FeatureFlag;
}
