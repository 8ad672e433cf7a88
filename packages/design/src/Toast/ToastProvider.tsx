import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import styled, { useTheme } from 'styled-components';
import { Toast, type ToastProps } from './Toast';

export type ToastInput = Omit<ToastProps, 'onClose'> & {
  /** Stay until dismissed instead of leaving after the theme's toast duration. */
  sticky?: boolean;
};

type Toaster = { add: (toast: ToastInput) => string; remove: (id: string) => void };

const ToastContext = createContext<Toaster | null>(null);

const Stack = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.sizes.popoverMargin}px;
  bottom: ${({ theme }) => theme.sizes.popoverMargin}px;
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
`;

/** Holds the notifications of the app and shows them, newest at the bottom, in a live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const [toasts, setToasts] = useState<(ToastInput & { id: string })[]>([]);
  const counter = useRef(0);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const remove = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);
  const add = useCallback(
    (toast: ToastInput) => {
      counter.current += 1;
      const id = `toast-${counter.current}`;
      setToasts((all) => [...all, { ...toast, id }]);
      if (!toast.sticky)
        timers.current.set(
          id,
          setTimeout(() => remove(id), theme.durations.toast),
        );
      return id;
    },
    [remove, theme.durations.toast],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const value = useMemo(() => ({ add, remove }), [add, remove]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Stack role="region" aria-label="Notifications" aria-live="polite">
        {toasts.map(({ id, sticky: _sticky, ...toast }) => (
          <Toast key={id} {...toast} onClose={() => remove(id)} />
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}

export function useToasts(): Toaster {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToasts must be used inside <ToastProvider>');
  return value;
}
