<?php
/**
 * Settings, MiroFish: the site-wide background's switch and look. Saved through the Settings API (options.php):
 * only a user who may manage options, behind the page's nonce; every value checked against the parameter table,
 * clamped or refused with a notice that says which and what was kept.
 *
 * @package MiroFish
 */

defined( 'ABSPATH' ) || exit;

const MIROFISH_OPTION = 'mirofish_settings';

/**
 * What a new site starts with: the background on, one school across the site's pages, no morph between them (a
 * site owner's choice: docs/hosting.md#one-school-across-pages), every option at the table's default (the count by
 * the screen's area). `continue` and `morph` are the plugin's own, not options of the parameter table.
 *
 * @return array
 */
function mirofish_default_settings() {
	return array(
		'enabled'  => true,
		'continue' => true,
		'morph'    => false,
		'look'     => array(),
	);
}

/**
 * The stored settings, made safe (a value written by anything but this page is checked as well).
 *
 * @return array array( 'enabled' => bool, 'continue' => bool, 'morph' => bool, 'look' => name => number ).
 */
function mirofish_settings() {
	return mirofish_normalise_settings( get_option( MIROFISH_OPTION, mirofish_default_settings() ) );
}

/**
 * Settings in their stored form, without a word: what update_option() hands the sanitizer a second time, or a value
 * written by code.
 *
 * @param mixed $value Stored value.
 * @return array
 */
function mirofish_normalise_settings( $value ) {
	$defaults = mirofish_default_settings();
	if ( ! is_array( $value ) ) {
		return $defaults;
	}
	$look = mirofish_clean_look( isset( $value['look'] ) ? $value['look'] : array() );
	if ( isset( $look['layer'] ) && 2.0 === $look['layer'] ) {
		unset( $look['layer'] );
	}
	return array(
		'enabled'  => isset( $value['enabled'] ) ? (bool) $value['enabled'] : $defaults['enabled'],
		'continue' => isset( $value['continue'] ) ? (bool) $value['continue'] : $defaults['continue'],
		'morph'    => isset( $value['morph'] ) ? (bool) $value['morph'] : $defaults['morph'],
		'look'     => $look,
	);
}

/** Adds the option on activation, so that the first save is an update (one pass of the sanitizer, one set of notices). */
function mirofish_activate() {
	add_option( MIROFISH_OPTION, mirofish_default_settings() );
}

add_action( 'admin_init', 'mirofish_register_setting' );

/** The option, its group (the form's nonce and capability: options.php checks both) and its sanitizer. */
function mirofish_register_setting() {
	register_setting(
		'mirofish',
		MIROFISH_OPTION,
		array(
			'type'              => 'array',
			'sanitize_callback' => 'mirofish_sanitize_settings',
			'default'           => mirofish_default_settings(),
			'show_in_rest'      => false,
		)
	);
}

/**
 * One notice on the settings page; its text escaped here (settings_errors() prints messages as they are).
 *
 * @param string $code    Unique code.
 * @param string $message Plain text.
 * @param string $type    'error', 'warning', 'success' or 'info'.
 */
function mirofish_notice( $code, $message, $type = 'warning' ) {
	add_settings_error( MIROFISH_OPTION, 'mirofish-' . $code, esc_html( $message ), $type );
}

/**
 * The form's values (mirofish_settings[form][...]) checked into the stored form. A refused value keeps what was
 * stored; a clamped one is stored at the nearest end of its range; each says so. A look link, when given, replaces
 * the look (what it does not name goes back to the default, as the configurator shows it).
 *
 * @param mixed $input What the form sent (options.php has unslashed it).
 * @return array
 */
function mirofish_sanitize_settings( $input ) {
	if ( ! is_array( $input ) || ! isset( $input['form'] ) || ! is_array( $input['form'] ) ) {
		return mirofish_normalise_settings( $input );
	}
	$form     = $input['form'];
	$previous = mirofish_settings();
	$look     = $previous['look'];
	$controls = mirofish_controls();
	$table    = mirofish_table();

	if ( ! empty( $form['clear_extra'] ) ) {
		$look = array_intersect_key( $look, $controls );
	}

	foreach ( $controls as $name => $label ) {
		$raw = isset( $form[ $name ] ) ? $form[ $name ] : '';
		if ( 'fish' === $name && '' === $raw ) {
			unset( $look['fish'] ); // by the screen's area
			continue;
		}
		if ( 'water' === $name && ( '' === $raw || '1' === $raw ) ) {
			$look['water'] = '1' === $raw ? 1.0 : 0.0; // a checkbox: absent when off
			continue;
		}
		$checked = mirofish_check_value( $name, $raw );
		$kept    = isset( $look[ $name ] ) ? $look[ $name ] : (float) $table[ $name ]['def'];
		if ( 'refused' === $checked['status'] || ( 'layer' === $name && 2.0 === $checked['value'] ) ) {
			$shown_kept = 'fish' === $name && ! isset( $look['fish'] ) ? __( 'by the screen’s area', 'mirofish' ) : mirofish_shown_value( $name, $kept );
			$names      = 'layer' === $name ? array_slice( $table[ $name ]['values'], 0, 2 ) : $table[ $name ]['values'];
			mirofish_notice(
				$name,
				$names
					? sprintf(
						/* translators: 1: the field's label, 2: what came in, 3: its values, comma-separated, 4: the value kept. */
						__( '%1$s: “%2$s” is not one of %3$s; kept %4$s.', 'mirofish' ),
						$label,
						mirofish_quote( $raw ),
						implode( ', ', $names ),
						$shown_kept
					)
					: sprintf(
						/* translators: 1: the field's label, 2: what came in, 3: the value kept. */
						__( '%1$s: “%2$s” is not a number; kept %3$s.', 'mirofish' ),
						$label,
						mirofish_quote( $raw ),
						$shown_kept
					),
				'error'
			);
			continue;
		}
		if ( 'clamped' === $checked['status'] ) {
			mirofish_notice(
				$name,
				sprintf(
					/* translators: 1: the field's label, 2: what came in, 3: lowest, 4: highest, 5: the value stored. */
					__( '%1$s: %2$s is outside %3$s to %4$s; stored %5$s.', 'mirofish' ),
					$label,
					mirofish_quote( $raw ),
					mirofish_shown_value( $name, (float) $table[ $name ]['min'] ),
					mirofish_shown_value( $name, (float) $table[ $name ]['max'] ),
					mirofish_shown_value( $name, $checked['value'] )
				)
			);
		}
		$look[ $name ] = $checked['value'];
	}

	$link = isset( $form['import'] ) ? $form['import'] : '';
	if ( '' !== $link ) {
		$read = mirofish_read_link( $link );
		if ( null === $read['look'] ) {
			mirofish_notice( 'import', $read['error'], 'error' );
		} else {
			$look = $read['look'];
			mirofish_notice(
				'import',
				sprintf(
					/* translators: %s: the option names, comma-separated. */
					__( 'Imported the look: %s. The fields below show it.', 'mirofish' ),
					implode( ', ', array_keys( $look ) )
				),
				'success'
			);
		}
		foreach ( $read['notes'] as $i => $note ) {
			mirofish_notice( 'import-note-' . $i, $note );
		}
	}

	return array(
		'enabled'  => ! empty( $form['enabled'] ),
		'continue' => ! empty( $form['continue'] ),
		'morph'    => ! empty( $form['morph'] ),
		'look'     => $look,
	);
}

add_action( 'admin_menu', 'mirofish_add_settings_page' );

/** Settings, MiroFish. */
function mirofish_add_settings_page() {
	add_options_page( __( 'MiroFish', 'mirofish' ), __( 'MiroFish', 'mirofish' ), 'manage_options', 'mirofish', 'mirofish_render_settings_page' );
}

add_filter( 'plugin_action_links_' . plugin_basename( MIROFISH_FILE ), 'mirofish_action_links' );

/**
 * A Settings link in the plugin's row.
 *
 * @param string[] $links The row's links.
 * @return string[]
 */
function mirofish_action_links( $links ) {
	array_unshift( $links, '<a href="' . esc_url( admin_url( 'options-general.php?page=mirofish' ) ) . '">' . esc_html__( 'Settings', 'mirofish' ) . '</a>' );
	return $links;
}

/**
 * A field's name in the form.
 *
 * @param string $name Control.
 * @return string
 */
function mirofish_field( $name ) {
	return MIROFISH_OPTION . '[form][' . $name . ']';
}

/**
 * One control's input, its range and value names from the table.
 *
 * @param string $name  Control.
 * @param array  $look  The stored look.
 */
function mirofish_render_control( $name, $look ) {
	$table = mirofish_table();
	$info  = $table[ $name ];
	$id    = 'mirofish-' . strtolower( $name );
	$value = isset( $look[ $name ] ) ? $look[ $name ] : (float) $info['def'];
	if ( 'water' === $name ) {
		printf(
			'<label><input type="checkbox" id="%1$s" name="%2$s" value="1"%3$s> %4$s</label>',
			esc_attr( $id ),
			esc_attr( mirofish_field( $name ) ),
			checked( 1.0 === $value, true, false ),
			esc_html( mirofish_control_texts()['water'][1] )
		);
	} elseif ( $info['values'] ) {
		printf( '<select id="%1$s" name="%2$s">', esc_attr( $id ), esc_attr( mirofish_field( $name ) ) );
		foreach ( $info['values'] as $index => $value_name ) {
			if ( 'layer' === $name && 2 === $index ) {
				continue; // element: the block's, not a page background's
			}
			printf( '<option value="%1$s"%2$s>%1$s</option>', esc_attr( $value_name ), selected( (float) $index, $value, false ) );
		}
		echo '</select>';
	} else {
		$step = $info['integer'] ? '1' : ( $info['max'] - $info['min'] <= 1 ? '0.01' : '0.1' );
		printf(
			'<input type="number" class="small-text" id="%1$s" name="%2$s" value="%3$s" min="%4$s" max="%5$s" step="%6$s"%7$s>',
			esc_attr( $id ),
			esc_attr( mirofish_field( $name ) ),
			esc_attr( 'fish' === $name && ! isset( $look['fish'] ) ? '' : mirofish_shown_value( $name, $value ) ),
			esc_attr( mirofish_shown_value( $name, (float) $info['min'] ) ),
			esc_attr( mirofish_shown_value( $name, (float) $info['max'] ) ),
			esc_attr( $step ),
			'fish' === $name ? ' placeholder="' . esc_attr__( 'auto', 'mirofish' ) . '"' : ''
		);
	}
	$texts = mirofish_control_texts();
	if ( 'water' !== $name ) {
		echo '<p class="description">' . esc_html( $texts[ $name ][1] ) . '</p>';
	}
}

/** The page. */
function mirofish_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$settings = mirofish_settings();
	$look     = $settings['look'];
	$extra    = array_diff_key( $look, mirofish_controls() );
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<p><?php esc_html_e( 'A koi school behind the pages of this site. For a section of one page, add the MiroFish block in the editor; a page’s editor can also turn the background off for that page (the Fish background panel).', 'mirofish' ); ?></p>
		<form action="options.php" method="post">
			<?php settings_fields( 'mirofish' ); ?>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><?php esc_html_e( 'Background', 'mirofish' ); ?></th>
					<td>
						<label><input type="checkbox" id="mirofish-enabled" name="<?php echo esc_attr( mirofish_field( 'enabled' ) ); ?>" value="1" <?php checked( $settings['enabled'] ); ?>> <?php esc_html_e( 'Fish behind every page of the site', 'mirofish' ); ?></label>
						<p class="description"><?php esc_html_e( 'Off: only the pages with a MiroFish block load its files.', 'mirofish' ); ?></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><?php esc_html_e( 'Between pages', 'mirofish' ); ?></th>
					<td>
						<fieldset>
							<legend class="screen-reader-text"><?php esc_html_e( 'Between pages', 'mirofish' ); ?></legend>
							<label><input type="checkbox" id="mirofish-continue" name="<?php echo esc_attr( mirofish_field( 'continue' ) ); ?>" value="1" <?php checked( $settings['continue'] ); ?>> <?php esc_html_e( 'One school across the site', 'mirofish' ); ?></label>
							<p class="description"><?php esc_html_e( 'A visitor who follows a link to another page of this site finds the same fish where they left them. Off: every page starts its school afresh.', 'mirofish' ); ?></p>
							<label><input type="checkbox" id="mirofish-morph" name="<?php echo esc_attr( mirofish_field( 'morph' ) ); ?>" value="1" <?php checked( $settings['morph'] ); ?>> <?php esc_html_e( 'Morph between pages', 'mirofish' ); ?></label>
							<p class="description">
								<?php
								printf(
									/* translators: %s: a line of CSS. */
									esc_html__( 'Browsers that can (Chromium 126+, Safari 18.2+) morph one page into the next instead of a flash: the pages with the background get %s. Other browsers simply go on.', 'mirofish' ),
									'<code>' . esc_html( mirofish_morph_css() ) . '</code>'
								);
								?>
							</p>
						</fieldset>
					</td>
				</tr>
				<?php foreach ( mirofish_controls() as $name => $label ) : ?>
				<tr>
					<th scope="row"><label for="<?php echo esc_attr( 'mirofish-' . strtolower( $name ) ); ?>"><?php echo esc_html( $label ); ?></label></th>
					<td><?php mirofish_render_control( $name, $look ); ?></td>
				</tr>
				<?php endforeach; ?>
				<tr>
					<th scope="row"><label for="mirofish-import"><?php esc_html_e( 'Import a look', 'mirofish' ); ?></label></th>
					<td>
						<input type="text" class="large-text code" id="mirofish-import" name="<?php echo esc_attr( mirofish_field( 'import' ) ); ?>" value="" placeholder="https://…/configure.html#fish=120&amp;palette=ink">
						<p class="description"><?php esc_html_e( 'The share link of the MiroFish configurator: its look replaces the one above, every option it carries included.', 'mirofish' ); ?></p>
						<?php if ( $extra ) : ?>
						<p><?php esc_html_e( 'Also from the imported look:', 'mirofish' ); ?>
							<code><?php echo esc_html( trim( mirofish_look_attributes( $extra, 'data-', array_keys( $extra ) ) ) ); ?></code></p>
						<label><input type="checkbox" name="<?php echo esc_attr( mirofish_field( 'clear_extra' ) ); ?>" value="1"> <?php esc_html_e( 'Clear them', 'mirofish' ); ?></label>
						<?php endif; ?>
					</td>
				</tr>
			</table>
			<?php submit_button(); ?>
		</form>
	</div>
	<?php
}
