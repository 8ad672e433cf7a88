/** Full-page navigation, behind one object so tests can watch where the console sends the browser. */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
