import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FakeSocket } from '@/shared/realtime/fake-socket';

// Pages are lazy chunks; the first import in a cold worker can take more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// The realtime client connects whenever a user is logged in; no component test may open a real socket.
window.WebSocket = FakeSocket as unknown as typeof WebSocket;

// Mantine's autosizing textarea listens to font loading, which jsdom does not implement.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: vi.fn() });
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
});
