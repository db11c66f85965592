// A real WordPress for the plugin's test (tests/browser/wordpress.test.js) and its pictures (wordpress/docs-images.mjs):
// Debian's `wordpress` package (6.1) copied into a temporary folder, a MariaDB server of its own on a socket there,
// PHP's built-in server on a free loopback port. start() brings all three up and installs the site; stop() ends the
// processes it started and removes the folder. Nothing outside the folder is written, nothing needs root.
// Why this and not WordPress Playground's CLI: docs/wordpress.md.
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');

const WORDPRESS = process.env.MIROFISH_WORDPRESS || '/usr/share/wordpress';
const ADMIN = { user: 'admin', password: 'koi-admin-password' };
const VISITOR = { user: 'visitor', password: 'koi-visitor-password' }; // a subscriber

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function until(what, test, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await test()) return;
    if (Date.now() > end) throw new Error('WordPress site: ' + what + ' did not come within ' + ms / 1000 + ' s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Its own process group, so that stop() ends the server and the workers it forks, by the group's id.
function startProcess(cmd, args, options, log) {
  const out = fs.openSync(log, 'a');
  const child = spawn(cmd, args, Object.assign({ stdio: ['ignore', out, out], detached: true }, options));
  fs.closeSync(out);
  child.exitedAt = null;
  child.on('exit', () => (child.exitedAt = Date.now()));
  return child;
}

// SIGKILL: the database and the server hold nothing worth a clean shutdown (the folder goes next), and MariaDB's
// own takes seconds.
function endProcess(child) {
  return new Promise((resolve) => {
    if (!child || child.exitedAt) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (e) {
      resolve(); // gone already
    }
  });
}

const phpString = (s) => "'" + String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";

// The site's content, made by PHP against WordPress itself: a post at a nested address, a page with the block, a
// page without, a page whose editor turned the background off, and a page whose block carries hostile values (what
// a contributor could write into a post's markup).
const CONTENT = String.raw`
add_filter( 'pre_wp_mail', '__return_false' );
$r = wp_install( 'Koi pond', ${phpString(ADMIN.user)}, 'admin@example.org', false, '', ${phpString(ADMIN.password)} );
update_option( 'siteurl', $base );
update_option( 'home', $base );
$GLOBALS['wp_rewrite']->set_permalink_structure( '/%year%/%monthnum%/%postname%/' );
update_option( 'blogdescription', 'A test site for the MiroFish plugin' );
wp_insert_user( array( 'user_login' => ${phpString(VISITOR.user)}, 'user_pass' => ${phpString(VISITOR.password)}, 'role' => 'subscriber', 'user_email' => 'visitor@example.org' ) );
// The editor's welcome guide stays shut.
update_user_meta( 1, 'wp_persisted_preferences', array( 'core/edit-post' => array( 'welcomeGuide' => false ), '_modified' => gmdate( 'c' ) ) );
$made = array();
$made['post'] = wp_insert_post( array( 'post_title' => 'Koi at dusk', 'post_name' => 'koi-at-dusk', 'post_status' => 'publish',
  'post_content' => "<!-- wp:paragraph -->\n<p>The school under a post, two folders deep.</p>\n<!-- /wp:paragraph -->" ) );
$made['block'] = wp_insert_post( array( 'post_type' => 'page', 'post_title' => 'Pond', 'post_name' => 'pond', 'post_status' => 'publish',
  'post_content' => "<!-- wp:mirofish/school {\"fish\":40,\"palette\":\"ink\",\"seed\":7,\"height\":320,\"heightUnit\":\"px\"} -->\n<!-- wp:heading -->\n<h2>Over the fish</h2>\n<!-- /wp:heading -->\n<!-- /wp:mirofish/school -->" ) );
$made['plain'] = wp_insert_post( array( 'post_type' => 'page', 'post_title' => 'Contact', 'post_name' => 'contact', 'post_status' => 'publish',
  'post_content' => "<!-- wp:paragraph -->\n<p>No block here.</p>\n<!-- /wp:paragraph -->" ) );
$made['off'] = wp_insert_post( array( 'post_type' => 'page', 'post_title' => 'Quiet', 'post_name' => 'quiet', 'post_status' => 'publish',
  'post_content' => "<!-- wp:paragraph -->\n<p>This page's editor turned the background off.</p>\n<!-- /wp:paragraph -->",
  'meta_input' => array( '_mirofish_off' => '1' ) ) );
$hostile = wp_slash( '<!-- wp:mirofish/school ' . wp_json_encode( array(
  'fish' => -5, 'palette' => '"><script>window.__xss=3</script>', 'controls' => str_repeat( 'x', 10000 ), 'seed' => 'abc',
  'opacity' => 0.5, 'height' => 1e9, 'heightUnit' => '"><script>window.__xss=4</script>',
) ) . " -->\n<!-- wp:paragraph -->\n<p>Hostile attributes.</p>\n<!-- /wp:paragraph -->\n<!-- /wp:mirofish/school -->" );
$made['hostile'] = wp_insert_post( array( 'post_type' => 'page', 'post_title' => 'Hostile', 'post_name' => 'hostile', 'post_status' => 'publish', 'post_content' => $hostile ) );
$out = array();
foreach ( $made as $what => $id ) {
  $out[ $what ] = array( 'id' => $id, 'url' => get_permalink( $id ) );
}
echo wp_json_encode( $out );
`;

// Every outgoing HTTP request WordPress's PHP tries is refused (WP_HTTP_BLOCK_EXTERNAL) and, when code of the plugin
// made it, written to outgoing.log: the test reads it empty.
const WATCH_REQUESTS = String.raw`<?php
add_filter( 'pre_http_request', function ( $pre, $args, $url ) {
  foreach ( debug_backtrace( DEBUG_BACKTRACE_IGNORE_ARGS ) as $frame ) {
    if ( isset( $frame['file'] ) && false !== strpos( $frame['file'], '/plugins/mirofish/' ) ) {
      file_put_contents( ${phpString('%LOG%')}, $url . "\n", FILE_APPEND );
      break;
    }
  }
  return $pre;
}, 1, 3 );
`;

async function start() {
  if (!fs.existsSync(path.join(WORDPRESS, 'wp-settings.php'))) {
    throw new Error(`no WordPress at ${WORDPRESS}: scripts/ensure-deps installs Debian's wordpress package`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-wp-'));
  const site = { dir, root: path.join(dir, 'wp'), processes: [] };
  const sock = path.join(dir, 'db.sock');
  site.stop = async () => {
    for (const child of site.processes.reverse()) await endProcess(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // MariaDB: an empty data directory, the socket alone (no TCP port), no grant tables (one user, the test).
    fs.mkdirSync(path.join(dir, 'db'));
    const asRoot = process.getuid && process.getuid() === 0 ? ['--user=root'] : [];
    site.processes.push(
      startProcess(
        'mariadbd',
        [
          '--no-defaults',
          '--datadir=' + path.join(dir, 'db'),
          '--socket=' + sock,
          '--pid-file=' + path.join(dir, 'db.pid'),
          '--skip-networking',
          '--skip-grant-tables',
          '--innodb-buffer-pool-size=16M',
          '--innodb-log-file-size=8M',
          ...asRoot,
        ],
        {},
        path.join(dir, 'db.log'),
      ),
    );
    // WordPress, a copy: its files find wp-config.php beside themselves, so Debian's own (and /etc/wordpress) stay out.
    fs.cpSync(WORDPRESS, site.root, {
      recursive: true,
      dereference: true,
      filter: (src) => !src.startsWith(path.join(WORDPRESS, 'wp-content', 'languages')) && !src.endsWith('.htaccess'),
    });
    const port = (site.port = await freePort());
    site.base = `http://127.0.0.1:${port}`;
    site.log = path.join(dir, 'debug.log');
    site.outgoing = path.join(dir, 'outgoing.log');
    fs.writeFileSync(
      path.join(site.root, 'wp-config.php'),
      `<?php
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', ${phpString('localhost:' + sock)} );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${[
  'AUTH_KEY',
  'SECURE_AUTH_KEY',
  'LOGGED_IN_KEY',
  'NONCE_KEY',
  'AUTH_SALT',
  'SECURE_AUTH_SALT',
  'LOGGED_IN_SALT',
  'NONCE_SALT',
]
  .map((k) => `define( '${k}', '${require('node:crypto').randomBytes(24).toString('hex')}' );`)
  .join('\n')}
$table_prefix = 'wp_';
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', ${phpString(site.log)} );
define( 'FS_METHOD', 'direct' );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'DISABLE_WP_CRON', true );
if ( ! defined( 'ABSPATH' ) ) {
  define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`,
    );
    fs.mkdirSync(path.join(site.root, 'wp-content', 'mu-plugins'));
    fs.writeFileSync(
      path.join(site.root, 'wp-content', 'mu-plugins', 'watch-requests.php'),
      WATCH_REQUESTS.replace('%LOG%', site.outgoing),
    );
    // Pretty permalinks under PHP's server: a file that exists is served as it is, anything else goes to WordPress.
    fs.writeFileSync(
      path.join(dir, 'router.php'),
      `<?php
$path = urldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
if ( '/' !== $path && file_exists( $_SERVER['DOCUMENT_ROOT'] . $path ) ) {
  return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
`,
    );
    await until('MariaDB', () => fs.existsSync(sock));
    execFileSync('mariadb', ['--no-defaults', '-S', sock, '-e', 'CREATE DATABASE wordpress']);
    fs.writeFileSync(
      path.join(dir, 'install.php'),
      `<?php
define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';
$base = ${phpString(site.base)};
require ${phpString(path.join(site.root, 'wp-load.php'))};
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
${CONTENT}`,
    );
    site.pages = JSON.parse(execFileSync('php', [path.join(dir, 'install.php')], { encoding: 'utf8' }));
    site.processes.push(
      startProcess(
        'php',
        [
          '-d',
          'opcache.enable_cli=1',
          '-d',
          'memory_limit=256M',
          '-S',
          `127.0.0.1:${port}`,
          path.join(dir, 'router.php'),
        ],
        { cwd: site.root, env: Object.assign({}, process.env, { PHP_CLI_SERVER_WORKERS: '4' }) },
        path.join(dir, 'php.log'),
      ),
    );
    await until('PHP’s server', () =>
      fetch(site.base + '/wp-login.php')
        .then((r) => r.ok)
        .catch(() => false),
    );
  } catch (e) {
    await site.stop();
    throw e;
  }
  // One SQL query's rows, tab-separated.
  site.sql = (query) =>
    execFileSync('mariadb', ['--no-defaults', '-S', sock, '-N', '-B', 'wordpress', '-e', query], { encoding: 'utf8' });
  // PHP run inside the site (wp-load.php first).
  site.php = (code) => {
    const file = path.join(dir, 'run.php');
    fs.writeFileSync(
      file,
      `<?php\n$_SERVER['HTTP_HOST'] = '127.0.0.1:${site.port}';\nrequire ${phpString(path.join(site.root, 'wp-load.php'))};\n${code}`,
    );
    return execFileSync('php', [file], { encoding: 'utf8' });
  };
  // PHP's notices, warnings and errors from the plugin's own files (WordPress 6.1's own deprecations on PHP 8.2 aside).
  site.pluginLog = () =>
    fs.existsSync(site.log)
      ? fs
          .readFileSync(site.log, 'utf8')
          .split('\n')
          .filter((line) => line.includes('/plugins/mirofish/'))
      : [];
  site.outgoingRequests = () =>
    fs.existsSync(site.outgoing) ? fs.readFileSync(site.outgoing, 'utf8').trim().split('\n') : [];
  return site;
}

module.exports = { start, ADMIN, VISITOR, WORDPRESS };
