import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_ICON_HREF, createTabAlert, TAB_TITLE_INTERVAL_MS, type TabAlertChannel } from './tab-alert';

type Listener = (event: MessageEvent) => void;

/** Two tabs' ends of one BroadcastChannel: what one posts, the other hears (never itself). */
function channelPair(): [TabAlertChannel & { sent: unknown[] }, TabAlertChannel & { sent: unknown[] }] {
  const listeners: [Listener[], Listener[]] = [[], []];
  const end = (me: 0 | 1) => {
    const sent: unknown[] = [];
    return {
      sent,
      postMessage(message: unknown) {
        sent.push(message);
        for (const listener of listeners[me === 0 ? 1 : 0]) listener({ data: message } as MessageEvent);
      },
      addEventListener(_type: 'message', listener: Listener) {
        listeners[me].push(listener);
      },
      close() {
        listeners[me] = [];
      },
    };
  };
  return [end(0), end(1)];
}

/** A second tab: its own document (title, icon link) and window. */
function otherTab() {
  const doc = document.implementation.createHTMLDocument('Trade history · P2P Market');
  const link = doc.createElement('link');
  link.rel = 'icon';
  link.href = '/favicon.svg';
  doc.head.append(link);
  return { doc, win: new EventTarget() as unknown as Window, link };
}

const iconOf = (doc: Document) =>
  doc.querySelector<HTMLLinkElement>('link[rel~="icon"]')!.getAttribute('href');

describe('tab alert', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
    document.title = 'Wallet · P2P Market';
  });
  afterEach(() => vi.useRealTimers());

  it('should alternate the title every 3000 ms with the notification icon, then put both back', () => {
    const alert = createTabAlert({ channel: null });
    alert.start('New trade started...');
    expect(document.title).toBe('New trade started...');
    expect(iconOf(document)).toBe(ALERT_ICON_HREF);

    vi.advanceTimersByTime(TAB_TITLE_INTERVAL_MS - 1);
    expect(document.title).toBe('New trade started...');
    vi.advanceTimersByTime(1);
    expect(document.title).toBe('Wallet · P2P Market');
    vi.advanceTimersByTime(TAB_TITLE_INTERVAL_MS);
    expect(document.title).toBe('New trade started...');

    alert.stop();
    expect(document.title).toBe('Wallet · P2P Market');
    expect(iconOf(document)).toBe('/favicon.svg');
    vi.advanceTimersByTime(TAB_TITLE_INTERVAL_MS * 3);
    expect(document.title).toBe('Wallet · P2P Market');
    alert.dispose();
  });

  it('should come back to the title the page set meanwhile (a navigation during the alert)', () => {
    const alert = createTabAlert({ channel: null });
    alert.start('New trade started...');
    document.title = 'Trade 1a2b · P2P Market';
    vi.advanceTimersByTime(TAB_TITLE_INTERVAL_MS);
    expect(document.title).toBe('New trade started...');
    vi.advanceTimersByTime(TAB_TITLE_INTERVAL_MS);
    expect(document.title).toBe('Trade 1a2b · P2P Market');
    alert.stop();
    expect(document.title).toBe('Trade 1a2b · P2P Market');
    alert.dispose();
  });

  it('should end when the trader focuses the tab', () => {
    const alert = createTabAlert({ channel: null });
    alert.start('New trade started...');
    window.dispatchEvent(new Event('focus'));
    expect(alert.active).toBe(false);
    expect(document.title).toBe('Wallet · P2P Market');
    expect(iconOf(document)).toBe('/favicon.svg');
    alert.dispose();
  });

  it('should not count a tab going to the background as seen, and count it coming back', () => {
    const alert = createTabAlert({ channel: null });
    alert.start('New trade started...');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(alert.active).toBe(true);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(alert.active).toBe(false);
    alert.dispose();
  });

  it('should show the alert in the other tabs, and end it in all of them when one is looked at', () => {
    const [here, there] = channelPair();
    const tab = otherTab();
    const mine = createTabAlert({ channel: here });
    const theirs = createTabAlert({ channel: there, doc: tab.doc, win: tab.win });

    mine.start('New trade started...');
    expect(here.sent).toEqual([{ type: 'start', text: 'New trade started...' }]);
    expect(tab.doc.title).toBe('New trade started...');
    expect(iconOf(tab.doc)).toBe(ALERT_ICON_HREF);
    vi.advanceTimersByTime(TAB_TITLE_INTERVAL_MS);
    expect(tab.doc.title).toBe('Trade history · P2P Market');
    expect(document.title).toBe('Wallet · P2P Market');

    // The trader looks at the other tab: both tabs get their own title and icon back.
    tab.win.dispatchEvent(new Event('focus'));
    expect(there.sent).toEqual([{ type: 'stop' }]);
    expect(theirs.active).toBe(false);
    expect(mine.active).toBe(false);
    expect(tab.doc.title).toBe('Trade history · P2P Market');
    expect(iconOf(tab.doc)).toBe('/favicon.svg');
    expect(document.title).toBe('Wallet · P2P Market');
    vi.advanceTimersByTime(TAB_TITLE_INTERVAL_MS * 2);
    expect(document.title).toBe('Wallet · P2P Market');
    expect(tab.doc.title).toBe('Trade history · P2P Market');
    mine.dispose();
    theirs.dispose();
  });

  it('should stop everywhere when the modal closes in the tab that opened it', () => {
    const [here, there] = channelPair();
    const tab = otherTab();
    const mine = createTabAlert({ channel: here });
    const theirs = createTabAlert({ channel: there, doc: tab.doc, win: tab.win });
    mine.start('New trade started...');
    mine.stop();
    expect(theirs.active).toBe(false);
    expect(tab.doc.title).toBe('Trade history · P2P Market');
    // Leaving a tab is not looking at it: the next alert stays.
    mine.start('New trade started...');
    tab.win.dispatchEvent(new Event('blur'));
    expect(theirs.active).toBe(true);
    mine.dispose();
    theirs.dispose();
  });
});
