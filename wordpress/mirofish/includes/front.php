<?php
/**
 * The site-wide background: mirofish.js enqueued in the footer with `defer`, its src from plugins_url() (a full URL,
 * so nested pages find it and it finds its three siblings beside it), the look as its escaped data-*. Never in the
 * admin, on an embed, or on a page whose editor turned it off.
 *
 * @package MiroFish
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'mirofish_register_script', 9 );

/** One handle for the file, the background's and the block's view script alike: a page gets one tag at most. */
function mirofish_register_script() {
	wp_register_script( 'mirofish', plugins_url( 'vendor/mirofish.js', MIROFISH_FILE ), array(), MIROFISH_VERSION, true );
}

/**
 * Whether this front-end page gets the site-wide background.
 *
 * @return bool
 */
function mirofish_background_here() {
	if ( is_admin() || is_embed() || is_feed() ) {
		return false;
	}
	$settings = mirofish_settings();
	$here     = $settings['enabled'] && ! ( is_singular() && get_post_meta( get_queried_object_id(), '_mirofish_off', true ) );
	/**
	 * Filters whether the page being served gets the site-wide background (a theme may keep it off a template).
	 *
	 * @param bool $here Whether it does.
	 */
	return (bool) apply_filters( 'mirofish_background', $here );
}

add_action( 'wp_enqueue_scripts', 'mirofish_enqueue_background' );

/** The tag, on pages that take the background. */
function mirofish_enqueue_background() {
	if ( mirofish_background_here() ) {
		wp_enqueue_script( 'mirofish' );
	}
}

add_filter( 'script_loader_tag', 'mirofish_script_tag', 10, 2 );

/**
 * The tag's attributes: `defer`, and the background's look as data-* (the layer always, so that a block's
 * <miro-fish> on the same page does not stand in for it); without the background (the block's view script alone),
 * data-auto="false".
 *
 * @param string $tag    The tag WordPress wrote.
 * @param string $handle Its handle.
 * @return string
 */
function mirofish_script_tag( $tag, $handle ) {
	if ( 'mirofish' !== $handle ) {
		return $tag;
	}
	$attributes = ' defer';
	if ( mirofish_background_here() ) {
		$settings    = mirofish_settings();
		$attributes .= mirofish_look_attributes( $settings['look'] + array( 'layer' => 0.0 ), 'data-', array( 'layer' ) );
	} else {
		$attributes .= ' data-auto="false"';
	}
	if ( preg_match( '/<script\b[^>]*\sdefer\b/', $tag ) ) {
		$attributes = substr( $attributes, strlen( ' defer' ) ); // WordPress wrote it (a loading strategy)
	}
	$at = strpos( $tag, '<script' );
	return false === $at ? $tag : substr_replace( $tag, '<script' . $attributes, $at, strlen( '<script' ) );
}
