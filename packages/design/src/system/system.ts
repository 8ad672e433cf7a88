import {
  background,
  border,
  color,
  compose,
  flexbox,
  grid,
  layout,
  position,
  shadow,
  space,
  system,
  typography,
  type ResponsiveValue,
  type BackgroundProps,
  type BorderProps,
  type ColorProps,
  type FlexboxProps,
  type GridProps,
  type LayoutProps,
  type PositionProps,
  type ShadowProps,
  type SpaceProps,
  type TypographyProps,
} from 'styled-system';

/** Flex and grid gaps on the spacing scale, which styled-system 5 predates. */
const gaps = system({
  gap: { property: 'gap', scale: 'space' },
  rowGap: { property: 'rowGap', scale: 'space' },
  columnGap: { property: 'columnGap', scale: 'space' },
});

type GapProps = {
  gap?: ResponsiveValue<number | string>;
  rowGap?: ResponsiveValue<number | string>;
  columnGap?: ResponsiveValue<number | string>;
};

/** The styled-system props every box-like component accepts. */
export type SystemProps = GapProps &
  SpaceProps &
  ColorProps &
  LayoutProps &
  FlexboxProps &
  GridProps &
  BorderProps &
  PositionProps &
  TypographyProps &
  BackgroundProps &
  ShadowProps;

export const systemProps = compose(
  gaps,
  space,
  color,
  layout,
  flexbox,
  grid,
  border,
  position,
  typography,
  background,
  shadow,
);

const systemPropNames = new Set(systemProps.propNames ?? []);

/**
 * styled-components 6 passes every prop to the DOM; style props must stop at the styled layer or
 * React warns about unknown attributes. Extra names are component props that only style.
 */
export const forwardOnly =
  (...styleOnly: string[]) =>
  (prop: string) =>
    !systemPropNames.has(prop) && !styleOnly.includes(prop);

export const notSystemProp = forwardOnly();
