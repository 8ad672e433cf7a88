import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { darkTheme, lightTheme } from '../packages/design/src/theme/theme';

export type ThemeName = 'light' | 'dark';

/** The page background each theme paints, read back to know the theme switch has rendered. */
const sunken: Record<ThemeName, string> = {
  light: lightTheme.colors.levels.sunken,
  dark: darkTheme.colors.levels.sunken,
};
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/**
 * Drives one Storybook preview page the way Storybook's own manager does: the theme changes through
 * its channel, so each story loads the page (and axe) once for both themes.
 */
export class StorybookPage {
  private loaded = false;

  constructor(readonly page: Page) {}

  /**
   * Renders a story in a theme and waits until it has rendered, the theme is applied and it settled.
   * `fresh` loads the page anew, so what the story does on mount (autofocus…) never depends on the
   * story before it; switching only the theme goes through the channel.
   */
  async show(storyId: string, theme: ThemeName, fresh = false) {
    if (fresh || !this.loaded) {
      await this.page.goto(
        `/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story&globals=theme:${theme}`,
      );
      await this.page.waitForSelector('body.sb-show-main, body.sb-show-errordisplay', { state: 'attached' });
      await this.page.addScriptTag({ content: axe.source });
      this.loaded = true;
    } else {
      await this.page.evaluate(
        ({ storyId, theme }) =>
          new Promise<void>((resolve, reject) => {
            type Channel = {
              on: (e: string, f: (x: unknown) => void) => void;
              off: (e: string, f: (x: unknown) => void) => void;
              emit: (e: string, x: unknown) => void;
            };
            const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
              .__STORYBOOK_ADDONS_CHANNEL__;
            const done = (error?: unknown) => {
              channel.off('storyRendered', onRendered);
              for (const e of ['storyErrored', 'storyThrewException', 'storyMissing'])
                channel.off(e, onFailed);
              if (error) reject(new Error(JSON.stringify(error)));
              else resolve();
            };
            const onRendered = (id: unknown) => id === storyId && done();
            const onFailed = (error: unknown) => done(error ?? 'story failed');
            channel.on('storyRendered', onRendered);
            for (const e of ['storyErrored', 'storyThrewException', 'storyMissing']) channel.on(e, onFailed);
            channel.emit('updateGlobals', { globals: { theme } });
            channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
          }),
        { storyId, theme },
      );
    }
    // Loaders and play functions finish after the first paint; wait for the render to complete.
    await this.page.waitForFunction((id) => {
      type Render = { id: string; phase?: string };
      const render = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: Render } })
        .__STORYBOOK_PREVIEW__?.currentRender;
      // Storybook 10 calls a finished render 'finished' (earlier versions: 'completed').
      return (
        render?.id === id && ['finished', 'completed', 'errored', 'aborted'].includes(render.phase ?? '')
      );
    }, storyId);
    const error = await this.page.evaluate(() =>
      document.body.classList.contains('sb-show-errordisplay')
        ? (document.querySelector('#error-message')?.textContent ?? 'unknown error')
        : null,
    );
    if (error) throw new Error(`The story failed to render: ${error}`);
    await this.page.waitForFunction(
      (bg) => getComputedStyle(document.body).backgroundColor === bg,
      rgb(sunken[theme]),
    );
    await this.page.evaluate(async () => {
      await document.fonts.ready;
      // An image from a data URL is in the DOM before it is decoded (a QR code under load was once
      // captured blank); wait for every image, whether or not it loads.
      await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
      // Floating elements and virtualised rows settle over a couple of frames.
      for (let i = 0; i < 3; i += 1) await new Promise((r) => requestAnimationFrame(r));
      // A dialog's focus manager moves focus in a frame of its own, and a field may select its text on focus (a
      // share link): under load that came after the frames above once, and the screenshot caught the page before
      // it. Wait until the focused element and the selection have stayed the same for two frames (at most 60).
      const focusState = () => {
        const active = document.activeElement as HTMLInputElement | null;
        return `${active?.outerHTML.slice(0, 200)}|${active?.selectionStart}-${active?.selectionEnd}|${String(document.getSelection())}`;
      };
      let last = focusState();
      for (let frame = 0, steady = 0; steady < 2 && frame < 60; frame += 1) {
        await new Promise((r) => requestAnimationFrame(r));
        const now = focusState();
        steady = now === last ? steady + 1 : 0;
        last = now;
      }
    });
  }

  /** Whether an element has focus: the story moved it on mount (a dialog, a field with autofocus). */
  focusMoved() {
    return this.page.evaluate(
      () => document.activeElement !== null && document.activeElement !== document.body,
    );
  }

  /** A screenshot of the viewport with animations finished or cancelled and no caret. */
  screenshot() {
    return this.page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  }

  /** The serious and critical axe-core violations on the page as it is now. */
  async seriousViolations() {
    const violations = await this.page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }
}
