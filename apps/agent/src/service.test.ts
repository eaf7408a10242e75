import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import { writeConfig } from './config.ts';
import { type ServiceOptions, serviceDefinition, systemdWord } from './service.ts';
import type { CommandResult, ServiceHost } from './service-manager.ts';
import { recordReport, stateFilePath } from './state.ts';

// Paths with what each format has to escape: spaces, systemd's % and $, XML's & and <, a quote.
const NODE = '/opt/node 20/bin/node';
const SCRIPT = "/home/ada/Equip & Co/agent's %h $HOME/bin/equip-agent.mjs";
const CONFIG = '/home/ada/.config/equip-agent/config.json';

const unix = (platform: 'linux' | 'darwin', isRoot: boolean): ServiceOptions => ({
  platform,
  isRoot,
  nodePath: NODE,
  scriptPath: SCRIPT,
  configPath: CONFIG,
  interval: 90,
  home: '/home/ada',
  uid: 501,
});

const commandsOf = (list: { command: string; args: string[] }[]) =>
  list.map((c) => [c.command, ...c.args].join(' '));

/** Reads a Windows command line back into arguments as CommandLineToArgvW does. */
function windowsArgv(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') {
      let n = 0;
      while (line[i] === '\\') {
        n++;
        i++;
      }
      if (line[i] === '"') {
        current += '\\'.repeat(Math.floor(n / 2));
        if (n % 2 === 1) current += '"';
        else quoted = !quoted;
      } else {
        current += '\\'.repeat(n);
        i--;
      }
      started = true;
    } else if (c === '"') {
      quoted = !quoted;
      started = true;
    } else if (/\s/.test(c) && !quoted) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}

const xmlText = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) =>
    m[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );

describe('the service definitions', () => {
  const execStart =
    'ExecStart="/opt/node 20/bin/node" "/home/ada/Equip & Co/agent\'s %%h $$HOME/bin/equip-agent.mjs" run --config /home/ada/.config/equip-agent/config.json --interval 90';

  it('Linux as root: a system unit wanted by multi-user.target, enabled and started', () => {
    const unit = serviceDefinition(unix('linux', true));
    expect(unit.path).toBe('/etc/systemd/system/equip-agent.service');
    expect(unit.contents.split('\n')).toEqual(
      expect.arrayContaining([
        execStart,
        'Restart=on-failure',
        'RestartSec=30',
        'WantedBy=multi-user.target',
        'After=network-online.target',
      ]),
    );
    expect(commandsOf(unit.install)).toEqual([
      'systemctl daemon-reload',
      'systemctl enable equip-agent.service',
      'systemctl restart equip-agent.service',
    ]);
    expect(commandsOf(unit.stop)).toEqual(['systemctl disable --now equip-agent.service']);
    expect(commandsOf(unit.afterRemove)).toEqual(['systemctl daemon-reload']);
  });

  it('systemd: `$` is doubled in the arguments only (the program path is never expanded)', () => {
    expect(systemdWord('/opt/a $b%c', true)).toBe('"/opt/a $b%%c"');
    expect(systemdWord('/opt/a $b%c')).toBe('"/opt/a $$b%%c"');
    expect(systemdWord('--interval')).toBe('--interval');
  });

  it('Linux as a user: a user unit wanted by default.target, kept running after logout when allowed', () => {
    const unit = serviceDefinition(unix('linux', false));
    expect(unit.path).toBe('/home/ada/.config/systemd/user/equip-agent.service');
    expect(unit.contents).toContain(`${execStart}\n`);
    expect(unit.contents).toContain('WantedBy=default.target');
    expect(unit.contents).not.toContain('network-online.target');
    expect(commandsOf(unit.install)).toEqual([
      'loginctl enable-linger',
      'systemctl --user daemon-reload',
      'systemctl --user enable equip-agent.service',
      'systemctl --user restart equip-agent.service',
    ]);
    expect(unit.install[0]!.warning).toContain('logged in');
    expect(commandsOf(unit.stop)).toEqual(['systemctl --user disable --now equip-agent.service']);
  });

  it('macOS as root and as a user: a launchd plist kept alive, bootstrapped in the right domain', () => {
    const daemon = serviceDefinition(unix('darwin', true));
    const agent = serviceDefinition(unix('darwin', false));
    expect(daemon.path).toBe('/Library/LaunchDaemons/app.equip.agent.plist');
    expect(agent.path).toBe('/home/ada/Library/LaunchAgents/app.equip.agent.plist');
    for (const plist of [daemon, agent]) {
      expect(plist.contents).toContain('<key>RunAtLoad</key><true/>');
      expect(plist.contents).toContain('<key>KeepAlive</key><true/>');
      expect(plist.contents).toContain('<key>Label</key><string>app.equip.agent</string>');
      expect(plist.contents).toContain('Equip &amp; Co/agent&apos;s %h $HOME');
      // The program's arguments, read back from the XML, are exactly the command.
      const strings = xmlText(plist.contents, 'string');
      const first = strings.indexOf(NODE);
      expect(strings.slice(first, first + 7)).toEqual([
        NODE,
        SCRIPT,
        'run',
        '--config',
        CONFIG,
        '--interval',
        '90',
      ]);
    }
    expect(daemon.contents).toContain('<string>/Library/Logs/equip-agent.log</string>');
    expect(commandsOf(daemon.install)).toEqual([
      'launchctl bootout system/app.equip.agent',
      'launchctl enable system/app.equip.agent',
      'launchctl bootstrap system /Library/LaunchDaemons/app.equip.agent.plist',
    ]);
    expect(commandsOf(agent.install).at(-1)).toBe(
      'launchctl bootstrap gui/501 /home/ada/Library/LaunchAgents/app.equip.agent.plist',
    );
    expect(commandsOf(agent.stop)).toEqual(['launchctl bootout gui/501/app.equip.agent']);
    expect(daemon.install[0]!.optional).toBe(true);
  });

  it('Windows: a task at startup as SYSTEM when elevated, at logon otherwise, that never times out', () => {
    const options: ServiceOptions = {
      platform: 'win32',
      isRoot: true,
      nodePath: 'C:\\Program Files\\nodejs\\node.exe',
      scriptPath:
        'C:\\Users\\Ada Lovelace\\AppData\\Roaming\\npm\\node_modules\\@equip\\agent\\bin\\equip-agent.mjs',
      configPath: 'C:\\Users\\Ada Lovelace\\AppData\\Roaming\\equip-agent\\config.json',
      interval: 60,
      home: 'C:\\Users\\Ada Lovelace',
      user: 'ACME\\ada',
    };
    const elevated = serviceDefinition(options);
    const user = serviceDefinition({ ...options, isRoot: false });
    expect(elevated.path).toBe(
      'C:\\Users\\Ada Lovelace\\AppData\\Roaming\\equip-agent\\equip-agent-task.xml',
    );
    expect(elevated.encoding).toBe('utf16le');
    expect(elevated.contents).toMatch(/^<\?xml version="1.0" encoding="UTF-16"\?>\r\n/);
    expect(elevated.contents).toContain('<BootTrigger>');
    expect(elevated.contents).toContain('<UserId>S-1-5-18</UserId>');
    expect(user.contents).toContain('<LogonTrigger><Enabled>true</Enabled><UserId>ACME\\ada</UserId>');
    expect(user.contents).toContain('<LogonType>InteractiveToken</LogonType>');
    for (const task of [elevated, user]) {
      expect(task.contents).toContain('<ExecutionTimeLimit>PT0S</ExecutionTimeLimit>');
      expect(task.contents).toContain('<DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>');
      expect(task.contents).toContain('<MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>');
      expect(xmlText(task.contents, 'Command')).toEqual(['"C:\\Program Files\\nodejs\\node.exe"']);
      const [args] = xmlText(task.contents, 'Arguments');
      expect(windowsArgv(args!)).toEqual([
        options.scriptPath,
        'run',
        '--config',
        options.configPath,
        '--interval',
        '60',
      ]);
    }
    expect(commandsOf(elevated.install)).toEqual([
      'schtasks /End /TN EquipAgent',
      `schtasks /Create /TN EquipAgent /XML ${elevated.path} /F`,
      'schtasks /Run /TN EquipAgent',
    ]);
    expect(commandsOf(elevated.stop)).toEqual([
      'schtasks /End /TN EquipAgent',
      'schtasks /Delete /TN EquipAgent /F',
    ]);
  });

  it('quotes Windows arguments so that quotes and trailing backslashes survive', () => {
    const tricky = ['C:\\dir with space\\', 'say "hi"', 'a\\\\"b', '', 'plain'];
    const options: ServiceOptions = {
      platform: 'win32',
      isRoot: true,
      nodePath: 'C:\\node.exe',
      scriptPath: tricky.join('|'),
      configPath: 'C:\\Equip & Co\\config.json',
      interval: 60,
      home: 'C:\\Users\\a',
    };
    const [args] = xmlText(serviceDefinition(options).contents, 'Arguments');
    expect(windowsArgv(args!)).toEqual([
      tricky.join('|'),
      'run',
      '--config',
      options.configPath,
      '--interval',
      '60',
    ]);
  });
});

describe('install-service, uninstall-service and status', () => {
  async function setUp(platform: 'linux' | 'darwin' = 'linux', failing: string[] = []) {
    const home = await mkdtemp(path.join(tmpdir(), 'agent service '));
    const config = path.join(home, 'equip config', 'config.json');
    const commands: string[] = [];
    const host: ServiceHost = {
      platform,
      home,
      nodePath: NODE,
      scriptPath: '/opt/equip/bin/equip-agent.mjs',
      uid: 501,
      isRoot: false,
      // The operating system's side: records what would run; a command listed in `failing` fails.
      run: async (command, args): Promise<CommandResult> => {
        const line = [command, ...args].join(' ');
        commands.push(line);
        return failing.some((f) => line.startsWith(f))
          ? { code: 1, stdout: '', stderr: `${command}: refused` }
          : { code: 0, stdout: '', stderr: '' };
      },
    };
    const lines: string[] = [];
    const io = {
      out: (l: string) => lines.push(l),
      err: (l: string) => lines.push(`ERR ${l}`),
      host,
      now: () => new Date('2026-11-23T12:00:00Z'),
    };
    const enrol = () =>
      writeConfig(config, {
        server: 'https://equip.example',
        deviceUuid: '2b1e4c9a-0000-4000-8000-000000000001',
        agentToken: 'eqa.org.secret',
        organizationName: 'Acme',
      });
    const options = (): ServiceOptions => ({
      platform,
      isRoot: false,
      nodePath: NODE,
      scriptPath: host.scriptPath,
      configPath: config,
      interval: 120,
      home,
      uid: 501,
    });
    return {
      home,
      config,
      commands,
      lines,
      io,
      enrol,
      unitPath: () => serviceDefinition(options()).path,
      options,
    };
  }

  it('refuses with 2 before the machine is enrolled, touching nothing', async () => {
    const s = await setUp();
    expect(await main(['install-service', '--config', s.config], s.io)).toBe(2);
    expect(s.lines.join('\n')).toContain('Not enrolled yet');
    expect(s.commands).toEqual([]);
    await expect(stat(s.unitPath())).rejects.toThrow();
    expect(await main(['install-service', '--config', s.config, '--dry-run'], s.io)).toBe(2);
  });

  it('--dry-run prints the unit and the commands and changes nothing', async () => {
    const s = await setUp();
    await s.enrol();
    expect(
      await main(['install-service', '--config', s.config, '--interval', '120', '--dry-run'], s.io),
    ).toBe(0);
    const output = s.lines.join('\n');
    expect(output).toContain(`Would write ${s.unitPath()}`);
    expect(output).toContain(serviceDefinition(s.options()).contents);
    expect(output).toContain('  systemctl --user enable equip-agent.service');
    expect(s.commands).toEqual([]);
    await expect(stat(s.unitPath())).rejects.toThrow();
  });

  it('installs a user unit on Linux, status reports it, uninstall removes it', async () => {
    const s = await setUp();
    await s.enrol();
    expect(await main(['status', '--config', s.config], s.io)).toBe(0);
    expect(s.lines.join('\n')).toContain('Service: not installed');
    expect(s.lines.join('\n')).toContain('Last report: none sent yet.');

    s.lines.length = 0;
    expect(await main(['install-service', '--config', s.config, '--interval', '120'], s.io)).toBe(0);
    expect(await readFile(s.unitPath(), 'utf8')).toBe(serviceDefinition(s.options()).contents);
    expect(s.unitPath()).toBe(path.join(s.home, '.config/systemd/user/equip-agent.service'));
    expect(s.commands).toEqual([
      'loginctl enable-linger',
      'systemctl --user daemon-reload',
      'systemctl --user enable equip-agent.service',
      'systemctl --user restart equip-agent.service',
    ]);
    expect(s.lines.join('\n')).toContain('reports to https://equip.example every 120 seconds');

    await recordReport(s.config, { ok: true }, new Date('2026-11-23T11:55:00Z'));
    await recordReport(
      s.config,
      { ok: false, error: 'Failed: fetch failed' },
      new Date('2026-11-23T11:59:00Z'),
    );
    s.lines.length = 0;
    expect(await main(['status', '--config', s.config], s.io)).toBe(0);
    expect(s.lines).toEqual([
      `Service: installed for this user (${s.unitPath()}).`,
      'Reports to: https://equip.example (Acme).',
      'Device: 2b1e4c9a-0000-4000-8000-000000000001.',
      'Last report: sent 2026-11-23T11:55:00.000Z (5 min ago).',
      'Last attempt: failed 2026-11-23T11:59:00.000Z (1 min ago): Failed: fetch failed',
    ]);

    s.commands.length = 0;
    s.lines.length = 0;
    expect(await main(['uninstall-service', '--config', s.config], s.io)).toBe(0);
    await expect(stat(s.unitPath())).rejects.toThrow();
    expect(s.commands).toEqual([
      'systemctl --user disable --now equip-agent.service',
      'systemctl --user daemon-reload',
    ]);
    expect(await main(['uninstall-service', '--config', s.config], s.io)).toBe(0);
    expect(s.lines.at(-1)).toContain('not installed');
  });

  it('installs a LaunchAgent on macOS and loads it in the user’s session', async () => {
    const s = await setUp('darwin', ['launchctl bootout']);
    await s.enrol();
    expect(await main(['install-service', '--config', s.config, '--interval', '120'], s.io)).toBe(0);
    expect(s.unitPath()).toBe(path.join(s.home, 'Library/LaunchAgents/app.equip.agent.plist'));
    expect(await readFile(s.unitPath(), 'utf8')).toBe(serviceDefinition(s.options()).contents);
    expect(s.commands).toEqual([
      'launchctl bootout gui/501/app.equip.agent',
      'launchctl enable gui/501/app.equip.agent',
      `launchctl bootstrap gui/501 ${s.unitPath()}`,
    ]);
    expect(s.lines.filter((l) => l.startsWith('ERR'))).toEqual([]);
  });

  it('says so when a command fails (exit 1) and removes the unit again; only warns when lingering is not allowed', async () => {
    const s = await setUp('linux', ['loginctl', 'systemctl --user enable']);
    await s.enrol();
    expect(await main(['install-service', '--config', s.config], s.io)).toBe(1);
    const output = s.lines.join('\n');
    expect(output).toContain(
      'ERR Note: `loginctl enable-linger` failed, so the agent runs only while you are logged in',
    );
    expect(output).toContain(
      'ERR `systemctl --user enable equip-agent.service` failed (exit 1): systemctl: refused',
    );
    // Nothing left half-installed.
    expect(s.commands.slice(3)).toEqual([
      'systemctl --user disable --now equip-agent.service',
      'systemctl --user daemon-reload',
    ]);
    await expect(stat(s.unitPath())).rejects.toThrow();
    expect(output).toContain('The service is not installed');
  });

  it('status without enrolment says so and answers 1', async () => {
    const s = await setUp();
    expect(await main(['status', '--config', s.config], s.io)).toBe(1);
    expect(s.lines).toContain(`Enrolment: none (no credentials in ${s.config}).`);
  });

  it('keeps the last report beside the configuration, replaced whole', async () => {
    const s = await setUp();
    await recordReport(s.config, { ok: true, software: true }, new Date('2026-11-23T10:00:00Z'));
    await recordReport(
      s.config,
      { ok: false, error: 'The server refused (401): no' },
      new Date('2026-11-23T10:01:00Z'),
    );
    expect(JSON.parse(await readFile(stateFilePath(s.config), 'utf8'))).toEqual({
      lastSuccessAt: '2026-11-23T10:00:00.000Z',
      lastAttemptAt: '2026-11-23T10:01:00.000Z',
      lastResult: 'failed',
      lastError: 'The server refused (401): no',
      // When the installed applications were last sent (a failed report does not move it).
      lastSoftwareAt: '2026-11-23T10:00:00.000Z',
    });
    expect(stateFilePath(s.config)).toBe(path.join(path.dirname(s.config), 'config.last-report.json'));
  });
});
