import { spawn } from 'node:child_process';
import puppeteer, { type ElementHandle } from 'puppeteer-core';
import { Builder, By, until, type WebDriver, type WebElement } from 'selenium-webdriver';
import { DriverService } from 'selenium-webdriver/remote';
import {
  browserAvailable,
  browserInstalled,
  freePort,
  launchBrowser,
  newContext,
  PHONE_VIEWPORT,
} from './harness';

/**
 * One browser window, driven the same way in every engine, so a path is written once. Selectors are CSS;
 * an action waits for its element to show and take input (a statement form does once hydrated), as a
 * participant would.
 */
export interface EngineBrowser {
  goto(url: string): Promise<void>;
  /** Clicks the element, as a finger or a mouse does. */
  click(selector: string): Promise<void>;
  /** Clicks into the field and types the text key by key; the keys go wherever the focus moves meanwhile. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses a file in a file input, as the system's file picker does. */
  setFile(selector: string, file: string): Promise<void>;
  /** Evaluates the JavaScript expression in the page and gives its JSON value (a promise awaited). */
  evaluate(expression: string): Promise<unknown>;
  /** Closes the browser and whatever was started for it. */
  close(): Promise<void>;
}

export interface Engine {
  name: string;
  /** Whether its programs are here: without them it fails with advice, or skips with E2E_BROWSER=optional. */
  available(): boolean;
  launch(): Promise<EngineBrowser>;
}

const WAIT_MS = 10_000;

/** Runs the function in the page with a JSON argument and gives its JSON result. */
export async function inPage<A, R>(browser: EngineBrowser, fn: (arg: A) => R, arg: A) {
  return (await browser.evaluate(`(${fn.toString()})(${JSON.stringify(arg)})`)) as Awaited<R>;
}

/** Polls the function in the page until it gives a truthy value, and gives that value. */
export async function waitFor<A, R>(browser: EngineBrowser, what: string, fn: (arg: A) => R, arg: A) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await inPage(browser, fn, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Waited ${WAIT_MS} ms in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Debian's Chromium through playwright-core, as every other end-to-end test drives it. */
const chromium: Engine = {
  name: 'Chromium',
  available: browserAvailable,
  async launch() {
    const browser = await launchBrowser();
    const page = await (await newContext(browser, PHONE_VIEWPORT)).newPage();
    return {
      goto: async (url) => void (await page.goto(url)),
      click: (selector) => page.click(selector),
      async type(selector, text) {
        await page.click(selector);
        await page.keyboard.type(text);
      },
      setFile: (selector, file) => page.setInputFiles(selector, file),
      evaluate: (expression) => page.evaluate(expression),
      close: () => browser.close(),
    };
  },
};

const FIREFOX_PATH = '/usr/bin/firefox-esr';

/** Debian's Firefox ESR, headless, over WebDriver BiDi (puppeteer-core; it downloads no browser). */
const firefox: Engine = {
  name: 'Firefox ESR',
  available: () => browserInstalled('Firefox ESR', [FIREFOX_PATH], 'sudo apt-get install -y firefox-esr'),
  async launch() {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      defaultViewport: PHONE_VIEWPORT,
    });
    const page = await browser.newPage();
    // puppeteer clicks an element's centre once any of it is in view, whatever covers that point: on a phone
    // the fixed 'Graj online' bar covered a field at the bottom of the view, the click opened the operator's
    // site in a new tab, and the form's tab, now in the background, ran no animation frames, so the next
    // click waited for ever (docs/decisions/complaints.md#firefox). A finger taps what it sees: bring the
    // element to the middle of the view first (as WebKitGTK's driver does below), and fail if still covered.
    const tap = async (selector: string) => {
      const element = (await page.waitForSelector(selector, { visible: true }))!;
      const covering = await element.evaluate((target) => {
        target.scrollIntoView({ block: 'center', behavior: 'instant' });
        const box = target.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit === null || target.contains(hit) ? null : hit.outerHTML;
      });
      if (covering) throw new Error(`${selector} is covered by ${covering.slice(0, 200)}`);
      await page.locator(selector).click();
    };
    return {
      goto: async (url) => void (await page.goto(url)),
      click: tap,
      async type(selector, text) {
        await tap(selector);
        await page.keyboard.type(text);
      },
      async setFile(selector, file) {
        const input = (await page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>;
        await input.uploadFile(file);
      },
      evaluate: (expression) => page.evaluate(expression),
      close: () => browser.close(),
    };
  },
};

const WEBKIT_DRIVER_PATH = '/usr/bin/WebKitWebDriver';
const XVFB_PATH = '/usr/bin/Xvfb';

/** A virtual display of its own: WebKitGTK has no headless mode. */
async function startXvfb() {
  // -displayfd: the server picks a free display and writes its number to that descriptor.
  const xvfb = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  xvfb.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdio[3]!.once('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${stderr}`)));
  });
  return { display, stop: () => xvfb.kill() };
}

/** Debian's WebKitGTK (Safari's engine) through its WebKitWebDriver, over WebDriver (selenium-webdriver). */
const webkit: Engine = {
  name: 'WebKitGTK',
  available: () =>
    browserInstalled(
      'WebKitGTK',
      [WEBKIT_DRIVER_PATH, XVFB_PATH],
      'sudo apt-get install -y webkit2gtk-driver xvfb',
    ),
  async launch() {
    const xvfb = await startXvfb();
    const port = await freePort();
    const service = new DriverService(WEBKIT_DRIVER_PATH, {
      port,
      args: [`--port=${port}`],
      env: { ...process.env, DISPLAY: xvfb.display },
      loopback: true,
    });
    let driver: WebDriver;
    try {
      driver = await new Builder()
        .usingServer(await service.start())
        .withCapabilities({ browserName: 'MiniBrowser' })
        .build();
      // As narrow as MiniBrowser's window goes (447 px here): a phone's width.
      await driver.manage().window().setRect(PHONE_VIEWPORT);
    } catch (error) {
      await service.kill();
      xvfb.stop();
      throw error;
    }
    const element = async (selector: string): Promise<WebElement> => {
      const found = await driver.wait(until.elementLocated(By.css(selector)), WAIT_MS);
      await driver.wait(until.elementIsEnabled(found), WAIT_MS);
      // WebKitWebDriver scrolls to an element the page's way (smooth, styles.css) and finds it not yet in
      // view: bring it there at once, as a finger's scroll has before a tap.
      await driver.executeScript(
        'arguments[0].scrollIntoView({ block: "center", behavior: "instant" })',
        found,
      );
      return found;
    };
    return {
      goto: (url) => driver.get(url),
      click: async (selector) => (await element(selector)).click(),
      async type(selector, text) {
        await (await element(selector)).click();
        await driver.actions().sendKeys(text).perform();
      },
      setFile: async (selector, file) => (await element(selector)).sendKeys(file),
      evaluate: (expression) => driver.executeScript(`return ${expression};`),
      async close() {
        await driver.quit();
        await service.kill();
        xvfb.stop();
      },
    };
  },
};

/** The engines the participant's main paths run in: Chromium, Firefox, and Safari's (every iPhone browser). */
export const ENGINES = [chromium, firefox, webkit];
