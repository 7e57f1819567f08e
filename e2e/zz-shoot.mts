import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:8203';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
await page.goto(base + '/clips');
await page.getByRole('button', { name: 'Use demo workspace' }).click();
await page.waitForURL(/clips/);
await page.getByRole('list', { name: 'Clips' }).waitFor();
await page.screenshot({ path: '/tmp/clips-shots/list.png', fullPage: true });
for (const path of (process.argv.slice(2))) {
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/clips-shots/${path.replace(/[^a-z0-9]+/gi,'_')}.png`, fullPage: true });
}
await browser.close();
