import type { DefaultTheme } from 'styled-components';
import { Icons } from '../Icon';

export type AlertKind = 'danger' | 'warning' | 'info' | 'success';

/** The one place an alert kind becomes colours and an icon; Alert, Banner and Toast share it. */
export const alertKind = (theme: DefaultTheme, kind: AlertKind) => ({ ...theme.colors[kind] });

export const alertIcon = {
  danger: Icons.WarningCircle,
  warning: Icons.Warning,
  info: Icons.Info,
  success: Icons.CheckCircle,
} as const;
