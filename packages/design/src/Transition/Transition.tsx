import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Transition as RTGTransition, type TransitionStatus } from 'react-transition-group';
import { useTheme } from 'styled-components';

/** The four states a transition moves through: entering, entered, exiting, exited. */
export type TransitionState = Extract<TransitionStatus, 'entering' | 'entered' | 'exiting' | 'exited'>;

export type TransitionProps = {
  in: boolean;
  /** Milliseconds; the theme's fade duration unless given. */
  duration?: number;
  /** Styles for each state; the element is unmounted once exited. */
  styles: Record<TransitionState, CSSProperties>;
  children: ReactNode;
  onExited?: () => void;
};

/** Runs a CSS transition through the four states; the basis of Fade and the sliding components. */
export function Transition({ in: show, duration, styles, children, onExited }: TransitionProps) {
  const theme = useTheme();
  const ms = duration ?? theme.durations.fade;
  const node = useRef<HTMLDivElement>(null);
  return (
    <RTGTransition
      in={show}
      timeout={ms}
      nodeRef={node}
      mountOnEnter
      unmountOnExit
      appear
      onExited={onExited}
    >
      {(state) => (
        <div
          ref={node}
          data-state={state}
          style={{ transition: `all ${ms}ms ease`, ...styles[state as TransitionState] }}
        >
          {children}
        </div>
      )}
    </RTGTransition>
  );
}

const fade: Record<TransitionState, CSSProperties> = {
  entering: { opacity: 1 },
  entered: { opacity: 1 },
  exiting: { opacity: 0 },
  exited: { opacity: 0 },
};

export function Fade({ in: show, duration, children }: Omit<TransitionProps, 'styles'>) {
  return (
    <Transition in={show} duration={duration} styles={fade}>
      {children}
    </Transition>
  );
}
