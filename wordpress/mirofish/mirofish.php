<?php
/**
 * Plugin Name:       MiroFish
 * Description:       A living koi school behind your site's pages, or in a block of its own. Every file is served from your site: no CDN, no request elsewhere.
 * Version:           0.3.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            The MiroFish authors
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       mirofish
 *
 * @package MiroFish
 */

defined( 'ABSPATH' ) || exit;

define( 'MIROFISH_VERSION', '0.3.0' );
define( 'MIROFISH_FILE', __FILE__ );
define( 'MIROFISH_DIR', plugin_dir_path( __FILE__ ) );

// The zip holds what the build made (scripts/wordpress-zip): the package's four files in vendor/ and the parameter
// table in params.php. A copy of the source folder has neither, and says so instead of half working.
if ( ! file_exists( MIROFISH_DIR . 'vendor/mirofish.js' ) || ! file_exists( MIROFISH_DIR . 'params.php' ) ) {
	add_action(
		'admin_notices',
		function () {
			if ( current_user_can( 'activate_plugins' ) ) {
				echo '<div class="notice notice-error"><p>' . esc_html__( 'MiroFish: this copy of the plugin has no built files (vendor/ and params.php). Install the zip that scripts/wordpress-zip makes.', 'mirofish' ) . '</p></div>';
			}
		}
	);
	return;
}

require_once MIROFISH_DIR . 'includes/table.php';
require_once MIROFISH_DIR . 'includes/look.php';
require_once MIROFISH_DIR . 'includes/settings.php';
require_once MIROFISH_DIR . 'includes/front.php';
require_once MIROFISH_DIR . 'includes/block.php';
require_once MIROFISH_DIR . 'includes/page-switch.php';

register_activation_hook( __FILE__, 'mirofish_activate' );
