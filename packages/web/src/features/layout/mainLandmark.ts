import { createContext } from 'react';

/**
 * True below the main layout, whose content area is already the page's main landmark: a page rendered there
 * must not open a second one.
 */
export const InsideMainLayout = createContext(false);
