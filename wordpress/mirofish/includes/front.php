<?php
/**
 * The site-wide background: mirofish.js enqueued in the footer with `defer`, its src from plugins_url() (a full URL,
 * so nested pages find it and it finds its three siblings beside it), the look as its escaped data-*. Never in the
 * admin, on an embed, or on a page whose editor turned it off. With the background, the settings' two choices between
 * pages: data-continue="off" when the school does not go on across the site, and the view transition's CSS when the
 * site owner asked for the morph (docs/hosting.md#one-school-across-pages).
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

/**
 * The one line of CSS that has Chromium and Safari morph a page into the next one of the site (MiroFish never adds it
 * by itself: the site owner's choice, Settings, MiroFish).
 *
 * @return string
 */
function mirofish_morph_css() {
	return '@view-transition { navigation: auto; }';
}

/**
 * The tag, on pages that take the background; and there, where the settings ask for the morph, its CSS inline in the
 * head (a style handle without a file: no request, the same on every page).
 */
function mirofish_enqueue_background() {
	if ( ! mirofish_background_here() ) {
		return;
	}
	wp_enqueue_script( 'mirofish' );
	$settings = mirofish_settings();
	if ( $settings['morph'] ) {
		wp_register_style( 'mirofish-morph', false, array(), MIROFISH_VERSION );
		wp_enqueue_style( 'mirofish-morph' );
		wp_add_inline_style( 'mirofish-morph', mirofish_morph_css() );
	}
}

add_filter( 'script_loader_tag', 'mirofish_script_tag', 10, 2 );

/**
 * The tag's attributes: `defer`, and the background's look as data-* (the layer always, so that a block's
 * <miro-fish> on the same page does not stand in for it), data-continue="off" where the school does not go on across
 * the site's pages; without the background (the block's view script alone), data-auto="false".
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
		if ( ! $settings['continue'] ) {
			$attributes .= ' data-continue="off"';
		}
	} else {
		$attributes .= ' data-auto="false"';
	}
	if ( preg_match( '/<script\b[^>]*\sdefer\b/', $tag ) ) {
		$attributes = substr( $attributes, strlen( ' defer' ) ); // WordPress wrote it (a loading strategy)
	}
	$at = strpos( $tag, '<script' );
	return false === $at ? $tag : substr_replace( $tag, '<script' . $attributes, $at, strlen( '<script' ) );
}
