import type { Icon as PhosphorIcon, IconWeight } from '@phosphor-icons/react';
import { useTheme } from 'styled-components';

export type IconSize = 'small' | 'medium' | 'large';

export type IconProps = {
  /** Any icon from the set re-exported as `Icons` (Phosphor). */
  icon: PhosphorIcon;
  /** small 24, medium 32, large 48 px. */
  size?: IconSize;
  weight?: IconWeight;
  color?: string;
  /** Announced name; without it the icon is decorative and hidden from assistive technology. */
  title?: string;
};

export function Icon({
  icon: Glyph,
  size = 'small',
  weight = 'regular',
  color = 'currentColor',
  title,
}: IconProps) {
  const theme = useTheme();
  const px = theme.iconSizes[size];
  return title ? (
    <Glyph size={px} weight={weight} color={color} role="img" aria-label={title} />
  ) : (
    <Glyph size={px} weight={weight} color={color} aria-hidden focusable={false} />
  );
}
