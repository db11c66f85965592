<?php
/**
 * The parameter table (src/sim/params.h), as the build exported it into params.php: every option's range, default,
 * value names and help. The plugin validates against it and nothing else.
 *
 * @package MiroFish
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every parameter by name: array( 'key', 'def', 'min', 'max', 'integer', 'group', 'values', 'help' ).
 *
 * @return array<string, array>
 */
function mirofish_table() {
	static $table = null;
	if ( null === $table ) {
		$table = require MIROFISH_DIR . 'params.php';
	}
	return $table;
}

/**
 * A parameter by its name (`sepRadius`) or its URL-hash key (`rsep`); null for neither.
 *
 * @param string $name_or_key Name or key.
 * @return string|null The parameter's name.
 */
function mirofish_param_name( $name_or_key ) {
	$table = mirofish_table();
	if ( isset( $table[ $name_or_key ] ) ) {
		return $name_or_key;
	}
	foreach ( $table as $name => $info ) {
		if ( $info['key'] === $name_or_key ) {
			return $name;
		}
	}
	return null;
}

/**
 * The options the settings page and the block show, in this order: array( label, description ) each. Their ranges
 * and value names are the table's; the words are the plugin's (translatable, for a site owner). The rest of the
 * table comes in with an imported look.
 *
 * @return array<string, array{0: string, 1: string}>
 */
function mirofish_control_texts() {
	return array(
		'fish'     => array( __( 'How many fish', 'mirofish' ), __( 'Blank: by the size of the screen (or of the block), fewer on a phone.', 'mirofish' ) ),
		'palette'  => array( __( 'Palette', 'mirofish' ), __( 'The fish’s colours.', 'mirofish' ) ),
		'opacity'  => array( __( 'Opacity', 'mirofish' ), __( 'How strongly the fish show over the page, from 0 to 1.', 'mirofish' ) ),
		'water'    => array( __( 'Water', 'mirofish' ), __( 'Fill the background with water colour. Its tone follows the page’s light or dark scheme and keeps the text readable.', 'mirofish' ) ),
		'click'    => array( __( 'A click or tap', 'mirofish' ), __( 'What a visitor’s click or tap does: drop food, or scare the fish.', 'mirofish' ) ),
		'layer'    => array( __( 'Where it sits', 'mirofish' ), __( 'behind: under the page’s content, for most themes. back: over a theme’s opaque full-height wrapper; try it when the fish do not show.', 'mirofish' ) ),
		'controls' => array( __( 'Pause button', 'mirofish' ), __( 'A button in this corner lets a visitor pause the fish; their choice is kept for the site.', 'mirofish' ) ),
		'idleFps'  => array( __( 'Resting rate', 'mirofish' ), __( 'Frames per second while the visitor rests or the pointer is away, at most half the running rate; set at or above that, the full rate. Lower saves their battery.', 'mirofish' ) ),
	);
}

/**
 * The controls' labels by name.
 *
 * @return array<string, string>
 */
function mirofish_controls() {
	return array_map(
		function ( $texts ) {
			return $texts[0];
		},
		mirofish_control_texts()
	);
}
