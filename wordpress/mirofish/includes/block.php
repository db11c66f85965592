<?php
/**
 * The MiroFish block: <miro-fish> rendered on the server (block/render.php) with a section's content over it; its
 * view script is the same mirofish.js, so only pages that use the block (or the background) load the files.
 *
 * @package MiroFish
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'mirofish_register_block' );

/** The editor's script, with what it needs from the table and where mirofish.js is, then the block from block.json. */
function mirofish_register_block() {
	wp_register_script(
		'mirofish-block-editor',
		plugins_url( 'block/edit.js', MIROFISH_FILE ),
		array( 'wp-blocks', 'wp-block-editor', 'wp-components', 'wp-element', 'wp-i18n' ),
		MIROFISH_VERSION,
		false
	);
	$table = array();
	$texts = mirofish_control_texts();
	foreach ( mirofish_block_options() as $name => $label ) {
		$info           = mirofish_table()[ $name ];
		$table[ $name ] = array(
			'def'     => $info['def'],
			'min'     => $info['min'],
			'max'     => $info['max'],
			'integer' => $info['integer'],
			'values'  => $info['values'],
			'control' => mirofish_block_control( $name ),
			'label'   => $label,
			'help'    => isset( $texts[ $name ] ) ? $texts[ $name ][1] : __( 'The same seed, the same school.', 'mirofish' ),
		);
	}
	$data = array(
		// The editor's canvas (an iframe where WordPress makes one) loads mirofish.js itself: edit.js adds this tag.
		'src'   => add_query_arg( 'ver', MIROFISH_VERSION, plugins_url( 'vendor/mirofish.js', MIROFISH_FILE ) ),
		'table' => $table,
	);
	wp_add_inline_script( 'mirofish-block-editor', 'window.mirofishBlock = ' . wp_json_encode( $data ) . ';', 'before' );
	wp_set_script_translations( 'mirofish-block-editor', 'mirofish' );
	register_block_type( MIROFISH_DIR . 'block', array( 'attributes' => mirofish_block_attributes() ) );
}

/**
 * How the block's sidebar shows an option, from the parameter table: 'select' for named values, 'toggle' for an
 * on/off one (0 or 1), 'number' for a count or a seed (a box: a slider cannot aim that far), else 'range'.
 *
 * @param string $name A name of mirofish_block_options().
 * @return string
 */
function mirofish_block_control( $name ) {
	$info = mirofish_table()[ $name ];
	if ( $info['values'] ) {
		return 'select';
	}
	if ( $info['integer'] && 0 === (int) $info['min'] && 1 === (int) $info['max'] ) {
		return 'toggle';
	}
	return $info['integer'] && $info['max'] - $info['min'] > 1000 ? 'number' : 'range';
}

/**
 * The block's attributes: one per option of mirofish_block_options(), typed by its control (a named value a string,
 * an on/off one a boolean, the rest numbers: WordPress drops a wrong type before render.php checks the range), then
 * its height. Made from the table here, so an option added to the controls is saved with the block.
 *
 * @return array<string, array>
 */
function mirofish_block_attributes() {
	$types      = array(
		'select' => 'string',
		'toggle' => 'boolean',
	);
	$attributes = array();
	foreach ( array_keys( mirofish_block_options() ) as $name ) {
		$control             = mirofish_block_control( $name );
		$attributes[ $name ] = array( 'type' => isset( $types[ $control ] ) ? $types[ $control ] : 'number' );
	}
	$attributes['height']     = array(
		'type'    => 'number',
		'default' => 60,
	);
	$attributes['heightUnit'] = array(
		'type'    => 'string',
		'default' => 'vh',
	);
	return $attributes;
}

/**
 * The block's options (its attributes of the same names): the settings page's, less where it sits (a block is a
 * section), plus the seed.
 *
 * @return array<string, string>
 */
function mirofish_block_options() {
	$options = mirofish_controls();
	unset( $options['layer'] );
	$options['seed'] = __( 'Seed', 'mirofish' );
	return $options;
}

/**
 * The block's attributes as <miro-fish>'s, checked against the table (a value that is not one is left out: the
 * element's default), each escaped.
 *
 * @param array $attributes The block's attributes.
 * @return string Starts with a space when not empty.
 */
function mirofish_block_element_attributes( $attributes ) {
	$look = mirofish_clean_look( array_intersect_key( (array) $attributes, mirofish_block_options() ) );
	return mirofish_look_attributes( $look, '', isset( $look['fish'] ) ? array( 'fish' ) : array() );
}

/**
 * The block's height as CSS: a number within 1..100 vh or 40..4000 px; anything else the default, 60vh.
 *
 * @param array $attributes The block's attributes.
 * @return string
 */
function mirofish_block_height( $attributes ) {
	$unit   = isset( $attributes['heightUnit'] ) && 'px' === $attributes['heightUnit'] ? 'px' : 'vh';
	$height = isset( $attributes['height'] ) ? mirofish_parse_number( $attributes['height'] ) : null;
	if ( null === $height ) {
		return '60vh';
	}
	$height = 'px' === $unit ? max( 40, min( 4000, round( $height ) ) ) : max( 1, min( 100, round( $height ) ) );
	return sprintf( '%d%s', $height, $unit );
}
