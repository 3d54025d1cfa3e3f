/**
 * jsdom setup for client tests: jest-dom matchers, plus the browser APIs Mantine reads that
 * jsdom lacks (matchMedia for colour scheme / breakpoints, ResizeObserver for ScrollArea and
 * the data table, scrollIntoView for Combobox).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait until the screen shows what is looked for, up to this long: on a busy
// machine (the server suite fuzzing beside it) a render can take seconds, and a test must not
// fail on wall-clock time (issue 16 §7). 20 s was not enough with two whole suites running at
// once on two cores (the first render of the detail page, whose modules are transformed on
// first use); the test's own timeout (vitest.config.ts) is 180 s.
configure({ asyncUtilTimeout: 90_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    // An empty query matches everything, as in browsers (mantine-datatable shows a column
    // while useMediaQuery('') matches); every other query answers "no" (a desktop screen).
    matches: query.trim() === '',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });

Element.prototype.scrollIntoView = function scrollIntoView() {};
// The data table scrolls back to the top when the page changes; jsdom does not scroll.
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = function scrollTo() {};

// jsdom has no object URLs; images fetched through the API client use them.
if (!URL.createObjectURL) {
  URL.createObjectURL = () => 'blob:stub';
  URL.revokeObjectURL = () => {};
}

// Textarea autosize listens for web-font loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => {},
      removeEventListener: () => {},
      ready: Promise.resolve(),
    },
  });
}
