<?php
/**
 * Deleting the plugin removes what it stored: its settings and every page's switch, on each site of a network. The
 * blocks in posts stay: they are the posts' content (their inner blocks still show without the plugin).
 *
 * @package MiroFish
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/** This site's settings and page switches. */
function mirofish_uninstall_site() {
	delete_option( 'mirofish_settings' );
	delete_post_meta_by_key( '_mirofish_off' );
}

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $mirofish_site ) {
		switch_to_blog( $mirofish_site );
		mirofish_uninstall_site();
		restore_current_blog();
	}
} else {
	mirofish_uninstall_site();
}
