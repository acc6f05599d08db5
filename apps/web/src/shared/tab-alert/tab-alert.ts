/**
 * The tab's title and icon when something needs the trader's eyes (spec: "Tab title and icon update at
 * intervals and on focus, synced across tabs; a new trade changes the title to 'New trade started...'
 * with a notification icon"; tab-title interval 3000 ms).
 *
 * - `start(text)`: the title alternates between `text` and the page's own title every 3 s and the icon
 *   becomes the notification icon, in this tab and in every other tab of the site (BroadcastChannel):
 *   only one tab holds the WebSocket that hears of new trades, the others learn it from it.
 * - The alert has done its job once the trader looks: focusing any tab of the site (or `stop()`, the
 *   modal closed or the trade opened) puts the page's title and icon back in every tab.
 * - The page may change its title while the alert runs (navigation): the newest page title comes back.
 */
export const TAB_TITLE_INTERVAL_MS = 3_000;
export const ALERT_ICON_HREF = '/favicon-alert.svg';
const CHANNEL_NAME = 'tab-alert';

type Message = { type: 'start'; text: string } | { type: 'stop' };

/** The part of BroadcastChannel the alert uses (tests hand in a pair of fakes). */
export type TabAlertChannel = {
  postMessage(message: Message): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Message>) => void): void;
  close(): void;
};

export type TabAlertOptions = {
  doc?: Document;
  win?: Window;
  /** null: no other tabs to tell (a browser without BroadcastChannel). */
  channel?: TabAlertChannel | null;
  intervalMs?: number;
};

export type TabAlert = {
  start(text: string): void;
  stop(): void;
  readonly active: boolean;
  dispose(): void;
};

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  ((value as Message).type === 'stop' ||
    ((value as Message).type === 'start' && typeof (value as { text?: unknown }).text === 'string'));

const restore = (link: HTMLLinkElement, name: string, value: string | null) => {
  if (value === null) link.removeAttribute(name);
  else link.setAttribute(name, value);
};

const defaultChannel = (): TabAlertChannel | null =>
  typeof BroadcastChannel === 'function' ? (new BroadcastChannel(CHANNEL_NAME) as TabAlertChannel) : null;

export function createTabAlert({
  doc = document,
  win = window,
  channel = defaultChannel(),
  intervalMs = TAB_TITLE_INTERVAL_MS,
}: TabAlertOptions = {}): TabAlert {
  let text: string | null = null;
  let pageTitle = '';
  let timer: ReturnType<typeof setInterval> | undefined;
  /** The icon links as the page had them, to put back. */
  let icons: { link: HTMLLinkElement; href: string | null; type: string | null }[] = [];

  const iconLinks = () => [...doc.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];

  /** The title the page itself set since we last wrote one (a navigation), kept to come back to. */
  const notePageTitle = () => {
    if (doc.title !== text && doc.title !== pageTitle) pageTitle = doc.title;
  };

  function show(next: string) {
    if (text === null) {
      pageTitle = doc.title;
      icons = iconLinks().map((link) => ({
        link,
        href: link.getAttribute('href'),
        type: link.getAttribute('type'),
      }));
      for (const { link } of icons) {
        link.setAttribute('type', 'image/svg+xml');
        link.setAttribute('href', ALERT_ICON_HREF);
      }
    }
    text = next;
    doc.title = next;
    clearInterval(timer);
    timer = setInterval(() => {
      notePageTitle();
      doc.title = doc.title === text ? pageTitle : (text ?? pageTitle);
    }, intervalMs);
  }

  function hide() {
    if (text === null) return;
    clearInterval(timer);
    timer = undefined;
    notePageTitle();
    text = null;
    doc.title = pageTitle;
    for (const { link, href, type } of icons) {
      restore(link, 'href', href);
      restore(link, 'type', type);
    }
    icons = [];
  }

  const onMessage = (event: MessageEvent<Message>) => {
    if (!isMessage(event.data)) return;
    if (event.data.type === 'start') show(event.data.text);
    else hide();
  };
  channel?.addEventListener('message', onMessage);

  // The trader looks at the site: the alert is seen, here and in every other tab.
  const seen = () => {
    if (text === null || doc.visibilityState === 'hidden') return;
    hide();
    channel?.postMessage({ type: 'stop' });
  };
  win.addEventListener('focus', seen);
  doc.addEventListener('visibilitychange', seen);

  return {
    start(next) {
      show(next);
      channel?.postMessage({ type: 'start', text: next });
    },
    stop() {
      if (text === null) return;
      hide();
      channel?.postMessage({ type: 'stop' });
    },
    get active() {
      return text !== null;
    },
    dispose() {
      hide();
      win.removeEventListener('focus', seen);
      doc.removeEventListener('visibilitychange', seen);
      channel?.close();
    },
  };
}
