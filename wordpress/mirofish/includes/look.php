<?php
/**
 * A look: option name => number, every value checked against the parameter table. The same rules as the school's
 * own edges (the URL hash, data-*): a number in the one grammar, named values by name, out of range clamped,
 * anything else refused; the settings page says what it did, the block's renderer does it silently.
 *
 * @package MiroFish
 */

defined( 'ABSPATH' ) || exit;

// The school's own limits on what it reads, from the C++ (src/base/constants.h), never written by hand.
// <generated limits: scripts/gen-types.mjs from the C++ constants table; do not edit>
define( 'MIROFISH_MAX_HASH_LENGTH', 4096 ); // characters of a hash the codec reads; a longer one is cut, with a warning
define( 'MIROFISH_MAX_NUMBER_LENGTH', 32 ); // characters of a number in the one grammar (parseDecimal); more: refused
// </generated limits>

/**
 * A number as the school's edges read one: [+-]digits[.digits][e[+-]digits], at most MIROFISH_MAX_NUMBER_LENGTH (32)
 * characters, finite.
 *
 * @param mixed $raw What came in.
 * @return float|null Null for anything else.
 */
function mirofish_parse_number( $raw ) {
	if ( is_int( $raw ) || is_float( $raw ) ) {
		return is_finite( (float) $raw ) ? (float) $raw : null;
	}
	if ( ! is_string( $raw ) ) {
		return null;
	}
	$text = trim( $raw );
	if ( strlen( $text ) > MIROFISH_MAX_NUMBER_LENGTH || ! preg_match( '/^[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/', $text ) ) {
		return null;
	}
	$value = (float) $text;
	return is_finite( $value ) ? $value : null;
}

/**
 * One value for one option: array( 'status' => 'ok'|'clamped'|'refused', 'value' => float|null ). Named options take
 * their names (palette 'ink') or numbers; booleans are 1 and 0. Values are held as the hash holds them: 3 decimals,
 * integers whole.
 *
 * @param string $name Parameter name (from the table).
 * @param mixed  $raw  What came in.
 * @return array
 */
function mirofish_check_value( $name, $raw ) {
	$table = mirofish_table();
	$info  = $table[ $name ];
	if ( is_bool( $raw ) ) {
		$raw = $raw ? 1 : 0;
	}
	if ( is_string( $raw ) && $info['values'] ) {
		$index = array_search( strtolower( trim( $raw ) ), $info['values'], true );
		if ( false !== $index ) {
			return array(
				'status' => 'ok',
				'value'  => (float) $index,
			);
		}
	}
	$value = mirofish_parse_number( $raw );
	if ( null === $value ) {
		return array(
			'status' => 'refused',
			'value'  => null,
		);
	}
	$value = $info['integer'] ? round( $value ) : round( $value, 3 );
	$held  = max( (float) $info['min'], min( (float) $info['max'], $value ) );
	return array(
		'status' => $held === $value ? 'ok' : 'clamped',
		'value'  => $held,
	);
}

/**
 * A value as an attribute or a field shows it: a named option by its name, integers whole, others up to 3 decimals.
 *
 * @param string $name  Parameter name.
 * @param float  $value Held value.
 * @return string
 */
function mirofish_shown_value( $name, $value ) {
	$table = mirofish_table();
	$info  = $table[ $name ];
	if ( $info['values'] && isset( $info['values'][ (int) $value ] ) ) {
		return $info['values'][ (int) $value ];
	}
	if ( $info['integer'] ) {
		return sprintf( '%.0f', $value );
	}
	$text = rtrim( rtrim( sprintf( '%.3f', $value ), '0' ), '.' );
	return '-0' === $text ? '0' : $text;
}

/**
 * What came in, as a notice may quote it: at most 40 characters (the notice escapes it).
 *
 * @param mixed $raw What came in.
 * @return string
 */
function mirofish_quote( $raw ) {
	if ( is_array( $raw ) || is_object( $raw ) ) {
		return '(a list)';
	}
	$text = (string) $raw;
	return mb_strlen( $text ) > 40 ? mb_substr( $text, 0, 40 ) . '…' : $text; // WordPress defines both where PHP lacks them
}

/**
 * A stored or rendered look made safe without a word: unknown names dropped, values checked, refused ones dropped.
 *
 * @param mixed $look Name => value.
 * @return array<string, float>
 */
function mirofish_clean_look( $look ) {
	$clean = array();
	if ( ! is_array( $look ) ) {
		return $clean;
	}
	foreach ( $look as $name => $raw ) {
		$name = mirofish_param_name( (string) $name );
		if ( null === $name ) {
			continue;
		}
		$checked = mirofish_check_value( $name, $raw );
		if ( 'refused' !== $checked['status'] ) {
			$clean[ $name ] = $checked['value'];
		}
	}
	return $clean;
}

/**
 * The look as HTML attributes, in the table's order, each escaped: data-sep-radius="30" for the script tag
 * ($prefix 'data-'), sep-radius="30" for <miro-fish>. Values at the table's default are left out, as the
 * configurator's snippet leaves them, except those named in $always.
 *
 * @param array<string, float> $look   A clean look.
 * @param string               $prefix 'data-' or ''.
 * @param string[]             $always Names written even at their default.
 * @return string Starts with a space when not empty.
 */
function mirofish_look_attributes( $look, $prefix, $always = array() ) {
	$html = '';
	foreach ( mirofish_table() as $name => $info ) {
		if ( ! isset( $look[ $name ] ) ) {
			continue;
		}
		if ( (float) $info['def'] === (float) $look[ $name ] && ! in_array( $name, $always, true ) ) {
			continue;
		}
		$attribute = strtolower( preg_replace( '/([A-Z])/', '-$1', $name ) );
		$html     .= ' ' . $prefix . $attribute . '="' . esc_attr( mirofish_shown_value( $name, $look[ $name ] ) ) . '"';
	}
	return $html;
}

/**
 * Reads a look from the configurator's share link (configure.html#fish=120&palette=ink&water=1) or any MiroFish
 * link whose hash carries options (#n=300&seed=7, by the hash keys). Returns array( 'look' => array|null,
 * 'error' => string, 'notes' => string[] ): the look, or null with the reason; notes name what was left out or
 * clamped.
 *
 * @param string $link What was pasted.
 * @return array
 */
function mirofish_read_link( $link ) {
	$result = array(
		'look'  => null,
		'error' => '',
		'notes' => array(),
	);
	if ( ! is_string( $link ) ) {
		$result['error'] = __( 'The look to import is not a link: nothing imported.', 'mirofish' );
		return $result;
	}
	$link = trim( $link );
	// The school's own limit on a hash (docs/url-hash.md).
	if ( strlen( $link ) > MIROFISH_MAX_HASH_LENGTH ) {
		/* translators: 1: how many characters came in, 2: the most a link to a look has. */
		$result['error'] = sprintf( __( 'The look to import is %1$d characters long, more than a link to a look (%2$d): nothing imported.', 'mirofish' ), strlen( $link ), MIROFISH_MAX_HASH_LENGTH );
		return $result;
	}
	$hash_at = strpos( $link, '#' );
	$hash    = false === $hash_at ? '' : substr( $link, $hash_at + 1 );
	// A hash route carries the pairs in its query's `mf` parameter (school.share() on a routed page).
	if ( preg_match( '/^[\/!].*[?&]mf=([^&]*)/', $hash, $route ) ) {
		$hash = rawurldecode( $route[1] );
	}
	if ( '' === $hash ) {
		/* translators: %s: the start of what was pasted. */
		$result['error'] = sprintf( __( '“%s” has no look after a #: paste the share link of the configurator (configure.html#fish=…). Nothing imported.', 'mirofish' ), mirofish_quote( $link ) );
		return $result;
	}
	$look      = array();
	$unknown   = array();
	$bad       = array();
	$clamped   = array();
	$page_only = array();
	foreach ( explode( '&', $hash ) as $pair ) {
		if ( '' === $pair ) {
			continue;
		}
		$eq  = strpos( $pair, '=' );
		$key = rawurldecode( false === $eq ? $pair : substr( $pair, 0, $eq ) );
		$raw = false === $eq ? '' : rawurldecode( substr( $pair, $eq + 1 ) );
		if ( 'qr' === $key ) {
			$result['notes'][] = __( 'The link’s QR landing (qr=1) is a script of the page’s own, not an option: left out.', 'mirofish' );
			continue;
		}
		$name = mirofish_param_name( $key );
		if ( null === $name ) {
			$unknown[] = mirofish_quote( $key );
			continue;
		}
		$checked = mirofish_check_value( $name, $raw );
		if ( 'refused' === $checked['status'] ) {
			$bad[] = $name . '="' . mirofish_quote( $raw ) . '"';
			continue;
		}
		if ( 'layer' === $name && 2.0 === $checked['value'] ) {
			$page_only[] = 'layer=element';
			continue;
		}
		if ( 'clamped' === $checked['status'] ) {
			$clamped[] = $name . ' ' . mirofish_quote( $raw ) . ' → ' . mirofish_shown_value( $name, $checked['value'] );
		}
		$look[ $name ] = $checked['value'];
	}
	if ( $unknown ) {
		/* translators: %s: the names, comma-separated. */
		$result['notes'][] = sprintf( __( 'Not options of MiroFish, left out: %s.', 'mirofish' ), implode( ', ', $unknown ) );
	}
	if ( $bad ) {
		/* translators: %s: the name="value" pairs, comma-separated. */
		$result['notes'][] = sprintf( __( 'Not numbers, left out: %s.', 'mirofish' ), implode( ', ', $bad ) );
	}
	if ( $clamped ) {
		/* translators: %s: name value → held value, comma-separated. */
		$result['notes'][] = sprintf( __( 'Outside their ranges, held at the nearest end: %s.', 'mirofish' ), implode( ', ', $clamped ) );
	}
	if ( $page_only ) {
		$result['notes'][] = __( 'layer=element is for a section of a page (the MiroFish block), not the page’s background: left out.', 'mirofish' );
	}
	if ( ! $look ) {
		/* translators: %s: the start of what was pasted. */
		$result['error'] = sprintf( __( '“%s” carries no option of MiroFish: nothing imported.', 'mirofish' ), mirofish_quote( $link ) );
		return $result;
	}
	$result['look'] = $look;
	return $result;
}
