import { chromium } from 'playwright-core';
const base = 'http://localhost:8203';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
await page.goto(base + '/clips');
await page.getByRole('button', { name: 'Use demo workspace' }).click();
await page.getByRole('list', { name: 'Clips' }).waitFor();
for (const [name, file] of [['Needs repair', 'repair'], ['Failed', 'failed']]) {
  await page.goto(base + '/clips');
  await page.getByRole('checkbox', { name: new RegExp(`^${name} `) }).check();
  await page.waitForTimeout(800);
  await page.getByRole('list', { name: 'Clips' }).getByRole('link').first().click();
  await page.getByRole('heading', { name: 'Pipeline' }).or(page.getByRole('list', {name: 'Pipeline'})).first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/clips-shots/${file}.png`, fullPage: true });
}
await page.goto(base + '/clips');
await page.getByRole('button', { name: 'New clip' }).click();
await page.getByRole('textbox', { name: 'Video address' }).fill('https://vimeo.com/1234');
await page.getByRole('button', { name: 'Preview' }).click();
await page.screenshot({ path: `/tmp/clips-shots/new-bad.png` });
await page.getByRole('textbox', { name: 'Video address' }).fill('https://youtu.be/abcdefgh12');
await page.getByRole('button', { name: 'Preview' }).click();
await page.getByRole('region', { name: 'Source preview' }).waitFor();
await page.screenshot({ path: `/tmp/clips-shots/new-ok.png` });
await browser.close();
