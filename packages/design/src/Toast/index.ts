export { Toast } from './Toast';
export type { ToastProps } from './Toast';
export { ToastProvider, useToasts } from './ToastProvider';
export type { ToastInput } from './ToastProvider';
