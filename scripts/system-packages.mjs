// Installs the Debian packages a run needs (PostgreSQL, Chromium) when they are missing.
// Loud on failure: a test run without them would silently test less.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

let aptUpdated = false;

export function aptInstall(...packages) {
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing Debian packages ${packages.join(' ')}: install them with apt-get (needs root).`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    console.log('[setup] apt-get update');
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  console.log(`[setup] apt-get install ${packages.join(' ')}`);
  execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}

/** The bin folder of the newest installed PostgreSQL server, installing Debian's `postgresql` if none. */
export function postgresBinDir() {
  const find = () => {
    const root = '/usr/lib/postgresql';
    if (!existsSync(root)) return undefined;
    const versions = readdirSync(root)
      .filter((v) => existsSync(`${root}/${v}/bin/postgres`))
      .sort((a, b) => Number(b) - Number(a));
    return versions[0] ? `${root}/${versions[0]}/bin` : undefined;
  };
  let dir = find();
  if (!dir) {
    aptInstall('postgresql', 'postgresql-contrib');
    dir = find();
  }
  if (!dir) throw new Error('PostgreSQL is not installed and could not be installed.');
  return dir;
}

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium for the Playwright journeys; never a downloaded browser. */
export function ensureChromium() {
  if (!existsSync(CHROMIUM_PATH)) aptInstall('chromium', 'fonts-dejavu-core');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH} and could not be installed.`);
  return CHROMIUM_PATH;
}

export const FFMPEG_PATH = '/usr/bin/ffmpeg';

/** Debian's ffmpeg: turns the barcode images of the scanner's journeys into a fake camera's video (.y4m). */
export function ensureFfmpeg() {
  if (!existsSync(FFMPEG_PATH)) aptInstall('ffmpeg');
  if (!existsSync(FFMPEG_PATH)) throw new Error(`ffmpeg is missing at ${FFMPEG_PATH} and could not be installed.`);
  return FFMPEG_PATH;
}
