import { type AnchorHTMLAttributes, createContext, forwardRef, type MouseEvent, useContext } from 'react';

/** What a plain click on an InAppLink does instead of loading its `to`: the app moves there itself. */
export const FollowInApp = createContext<(to: string) => void>(() => {});

/**
 * True for a click the browser gives its own meaning: Ctrl/Cmd-click opens a new tab, Shift-click a new
 * window, Alt-click downloads, and a button other than the main one (a middle click) opens a new tab.
 */
export const opensElsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * A real link (so the browser can open it in a new tab, by modifier or middle click or its context menu)
 * whose plain click stays in this tab and is handled by the app, as today's Connect does.
 */
export const InAppLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }>(
  function InAppLink({ to, onClick, ...rest }, ref) {
    const follow = useContext(FollowInApp);
    return (
      <a
        ref={ref}
        href={to}
        {...rest}
        onClick={(e) => {
          onClick?.(e);
          if (e.defaultPrevented || opensElsewhere(e)) return;
          e.preventDefault();
          follow(to);
        }}
      />
    );
  },
);
