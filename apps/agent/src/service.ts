import path from 'node:path';

/**
 * The background service that runs `equip-agent run` at boot or login and restarts it when it fails:
 * a systemd unit on Linux, a launchd property list on macOS, a Task Scheduler task on Windows. Pure:
 * what to write where and which commands register it; service-manager.ts does it.
 */

export const SYSTEMD_UNIT = 'equip-agent.service';
export const LAUNCHD_LABEL = 'app.equip.agent';
export const WINDOWS_TASK = 'EquipAgent';
/** Seconds before a failed agent is started again. */
export const RESTART_SECONDS = 30;

export type ServicePlatform = 'linux' | 'darwin' | 'win32';

export interface ServiceOptions {
  platform: ServicePlatform;
  /** root on Linux and macOS, an elevated administrator on Windows: a system-wide service. */
  isRoot: boolean;
  nodePath: string;
  scriptPath: string;
  configPath: string;
  interval: number;
  home: string;
  /** macOS without root: the user whose login session (`gui/<uid>`) loads the agent. */
  uid?: number;
  /** Windows without elevation: the account (`DOMAIN\user`) whose logon starts the task. */
  user?: string;
}

export interface ServiceCommand {
  command: string;
  args: string[];
  /** A failure is expected at times (nothing loaded yet) and is not an error. */
  optional?: boolean;
  /** Optional too, but a failure is worth saying: what it means. */
  warning?: string;
}

export interface ServiceDefinition {
  path: string;
  contents: string;
  encoding: 'utf8' | 'utf16le';
  /** After writing the file: register, enable and start. */
  install: ServiceCommand[];
  /** Before removing the file: stop and unregister. */
  stop: ServiceCommand[];
  /** After removing the file. */
  afterRemove: ServiceCommand[];
  /** Where the agent's output goes. */
  logs: string;
}

/** The command line the service runs. */
export function agentCommand(options: ServiceOptions): string[] {
  return [
    options.nodePath,
    options.scriptPath,
    'run',
    '--config',
    options.configPath,
    '--interval',
    String(options.interval),
  ];
}

export function serviceDefinition(options: ServiceOptions): ServiceDefinition {
  switch (options.platform) {
    case 'linux':
      return systemdService(options);
    case 'darwin':
      return launchdService(options);
    case 'win32':
      return windowsTask(options);
  }
}

// --- Linux: systemd ---------------------------------------------------------------------------------

const SYSTEMD_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '%': '%%',
  $: '$$',
  '\n': '\\n',
  '\t': '\\t',
};

/**
 * One word of an `ExecStart=` line: double-quoted with C escapes for `\` and `"`, `%` doubled (unit
 * specifiers are expanded even inside quotes) and, after the program, `$` doubled (environment
 * variables are expanded in the arguments, never in the program's path — there `$$` would stay two).
 */
export function systemdWord(word: string, program = false): string {
  if (/^[A-Za-z0-9_@+=:,./-]+$/.test(word)) return word;
  const escaped = word.replace(program ? /[\\"%\n\t]/g : /[\\"%$\n\t]/g, (c) => SYSTEMD_ESCAPES[c] ?? c);
  return `"${escaped}"`;
}

function systemdService(options: ServiceOptions): ServiceDefinition {
  const user = !options.isRoot;
  const systemctl = (...args: string[]): ServiceCommand => ({
    command: 'systemctl',
    args: user ? ['--user', ...args] : args,
  });
  const contents = [
    '[Unit]',
    "Description=Equip agent: reports this machine's inventory to Equip",
    // A user manager has no network-online.target of its own.
    ...(user ? [] : ['Wants=network-online.target', 'After=network-online.target']),
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${agentCommand(options)
      .map((word, i) => systemdWord(word, i === 0))
      .join(' ')}`,
    'Restart=on-failure',
    `RestartSec=${RESTART_SECONDS}`,
    'TimeoutStopSec=20',
    '',
    '[Install]',
    `WantedBy=${user ? 'default.target' : 'multi-user.target'}`,
    '',
  ].join('\n');
  return {
    path: user
      ? path.posix.join(options.home, '.config/systemd/user', SYSTEMD_UNIT)
      : path.posix.join('/etc/systemd/system', SYSTEMD_UNIT),
    contents,
    encoding: 'utf8',
    install: [
      ...(user
        ? [
            {
              command: 'loginctl',
              args: ['enable-linger'],
              warning:
                'the agent runs only while you are logged in; `sudo loginctl enable-linger $USER` keeps it running after logout and starts it at boot',
            },
          ]
        : []),
      systemctl('daemon-reload'),
      systemctl('enable', SYSTEMD_UNIT),
      // restart, not start: a second install-service (another interval) takes effect at once.
      systemctl('restart', SYSTEMD_UNIT),
    ],
    stop: [systemctl('disable', '--now', SYSTEMD_UNIT)],
    afterRemove: [systemctl('daemon-reload')],
    logs: `journalctl ${user ? '--user ' : ''}-u ${SYSTEMD_UNIT}`,
  };
}

// --- macOS: launchd ---------------------------------------------------------------------------------

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function launchdService(options: ServiceOptions): ServiceDefinition {
  const domain = options.isRoot ? 'system' : `gui/${options.uid ?? 501}`;
  const plist = options.isRoot
    ? path.posix.join('/Library/LaunchDaemons', `${LAUNCHD_LABEL}.plist`)
    : path.posix.join(options.home, 'Library/LaunchAgents', `${LAUNCHD_LABEL}.plist`);
  const logs = options.isRoot
    ? '/Library/Logs/equip-agent.log'
    : path.posix.join(options.home, 'Library/Logs/equip-agent.log');
  const string = (value: string) => `<string>${xmlEscape(value)}</string>`;
  const contents = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    `  <key>Label</key>${string(LAUNCHD_LABEL)}`,
    '  <key>ProgramArguments</key>',
    '  <array>',
    ...agentCommand(options).map((word) => `    ${string(word)}`),
    '  </array>',
    '  <key>RunAtLoad</key><true/>',
    '  <key>KeepAlive</key><true/>',
    `  <key>ThrottleInterval</key><integer>${RESTART_SECONDS}</integer>`,
    '  <key>ProcessType</key><string>Background</string>',
    `  <key>StandardOutPath</key>${string(logs)}`,
    `  <key>StandardErrorPath</key>${string(logs)}`,
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
  const service = `${domain}/${LAUNCHD_LABEL}`;
  const bootout: ServiceCommand = {
    command: 'launchctl',
    args: ['bootout', service],
    optional: true,
  };
  return {
    path: plist,
    contents,
    encoding: 'utf8',
    install: [
      bootout,
      { command: 'launchctl', args: ['enable', service] },
      { command: 'launchctl', args: ['bootstrap', domain, plist] },
    ],
    stop: [bootout],
    afterRemove: [],
    logs,
  };
}

// --- Windows: Task Scheduler ------------------------------------------------------------------------

/** One argument of a Windows command line, as CommandLineToArgvW (and Node) reads it back. */
export function windowsArg(arg: string): string {
  if (arg !== '' && !/[\s"]/.test(arg)) return arg;
  let quoted = '"';
  let backslashes = 0;
  for (const c of arg) {
    if (c === '\\') {
      backslashes++;
      continue;
    }
    quoted += c === '"' ? `${'\\'.repeat(backslashes * 2 + 1)}"` : `${'\\'.repeat(backslashes)}${c}`;
    backslashes = 0;
  }
  return `${quoted}${'\\'.repeat(backslashes * 2)}"`;
}

/**
 * A task definition for `schtasks /Create /XML` rather than `/SC ONSTART` flags: only the XML can lift
 * the defaults that would stop an agent — no start on battery, stop after 3 days — and say "restart".
 * At startup as SYSTEM when elevated, else at this user's logon. Task Scheduler restarts a task only
 * when it fails to start, so the trigger also repeats every 5 minutes: a stopped agent starts again,
 * a running one is left alone (IgnoreNew).
 */
function windowsTask(options: ServiceOptions): ServiceDefinition {
  const win = path.win32;
  const file = win.join(win.dirname(options.configPath), 'equip-agent-task.xml');
  const [node, ...args] = agentCommand(options);
  const repeat =
    '<Repetition><Interval>PT5M</Interval><StopAtDurationEnd>false</StopAtDurationEnd></Repetition>';
  const user = xmlEscape(options.user ?? '');
  const trigger = options.isRoot
    ? `<BootTrigger><Enabled>true</Enabled>${repeat}</BootTrigger>`
    : `<LogonTrigger><Enabled>true</Enabled><UserId>${user}</UserId>${repeat}</LogonTrigger>`;
  const principal = options.isRoot
    ? '<UserId>S-1-5-18</UserId><RunLevel>HighestAvailable</RunLevel>'
    : `<UserId>${user}</UserId><LogonType>InteractiveToken</LogonType><RunLevel>LeastPrivilege</RunLevel>`;
  const contents = [
    '<?xml version="1.0" encoding="UTF-16"?>',
    '<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">',
    "  <RegistrationInfo><Description>Equip agent: reports this computer's inventory to Equip</Description></RegistrationInfo>",
    `  <Triggers>${trigger}</Triggers>`,
    `  <Principals><Principal id="Author">${principal}</Principal></Principals>`,
    '  <Settings>',
    '    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>',
    '    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>',
    '    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>',
    '    <StartWhenAvailable>true</StartWhenAvailable>',
    '    <RunOnlyIfNetworkAvailable>false</RunOnlyIfNetworkAvailable>',
    '    <IdleSettings><StopOnIdleEnd>false</StopOnIdleEnd><RestartOnIdle>false</RestartOnIdle></IdleSettings>',
    '    <AllowStartOnDemand>true</AllowStartOnDemand>',
    '    <Enabled>true</Enabled>',
    '    <ExecutionTimeLimit>PT0S</ExecutionTimeLimit>',
    '    <RestartOnFailure><Interval>PT1M</Interval><Count>999</Count></RestartOnFailure>',
    '  </Settings>',
    '  <Actions Context="Author">',
    '    <Exec>',
    `      <Command>${xmlEscape(`"${node}"`)}</Command>`,
    `      <Arguments>${xmlEscape(args.map(windowsArg).join(' '))}</Arguments>`,
    '    </Exec>',
    '  </Actions>',
    '</Task>',
    '',
  ].join('\r\n');
  const schtasks = (...rest: string[]): ServiceCommand => ({ command: 'schtasks', args: rest });
  const end = { ...schtasks('/End', '/TN', WINDOWS_TASK), optional: true };
  return {
    path: file,
    contents,
    encoding: 'utf16le',
    install: [
      end,
      schtasks('/Create', '/TN', WINDOWS_TASK, '/XML', file, '/F'),
      schtasks('/Run', '/TN', WINDOWS_TASK),
    ],
    stop: [end, schtasks('/Delete', '/TN', WINDOWS_TASK, '/F')],
    afterRemove: [],
    logs: 'Task Scheduler history of the EquipAgent task',
  };
}

/** A command as a person would type it (for --dry-run and error messages). */
export function displayCommand(command: ServiceCommand, platform: ServicePlatform): string {
  const quote =
    platform === 'win32'
      ? windowsArg
      : (word: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
  return [command.command, ...command.args].map(quote).join(' ');
}
