<?php
/**
 * A page's own switch: "No fish background on this page", kept in the post's `_mirofish_off` meta. The block editor
 * shows it in the document sidebar (editor/page-switch.js); the classic editor as a meta box. Saved only by a user
 * who may edit that post (and, in the classic editor, behind the box's nonce).
 *
 * @package MiroFish
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'mirofish_register_page_switch' );

/** The meta, for every post type, in the REST API for the block editor. */
function mirofish_register_page_switch() {
	register_post_meta(
		'',
		'_mirofish_off',
		array(
			'type'          => 'boolean',
			'single'        => true,
			'default'       => false,
			'show_in_rest'  => true,
			'auth_callback' => function ( $allowed, $meta_key, $post_id ) {
				return current_user_can( 'edit_post', $post_id );
			},
		)
	);
}

add_action( 'enqueue_block_editor_assets', 'mirofish_enqueue_page_switch' );

/** The panel, in the editor of a post or page (not the site or widgets editor, which edit no single page). */
function mirofish_enqueue_page_switch() {
	$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
	if ( ! $screen || 'post' !== $screen->base ) {
		return;
	}
	wp_enqueue_script(
		'mirofish-page-switch',
		plugins_url( 'editor/page-switch.js', MIROFISH_FILE ),
		array( 'wp-plugins', 'wp-edit-post', 'wp-element', 'wp-components', 'wp-data', 'wp-core-data', 'wp-i18n' ),
		MIROFISH_VERSION,
		true
	);
	wp_set_script_translations( 'mirofish-page-switch', 'mirofish' );
}

add_action( 'add_meta_boxes', 'mirofish_add_page_switch_box' );

/** The same switch in the classic editor (`__back_compat_meta_box`: the block editor shows its own panel instead). */
function mirofish_add_page_switch_box() {
	add_meta_box( 'mirofish-page-switch', __( 'Fish background', 'mirofish' ), 'mirofish_render_page_switch_box', null, 'side', 'default', array( '__back_compat_meta_box' => true ) );
}

/**
 * The box.
 *
 * @param WP_Post $post The post being edited.
 */
function mirofish_render_page_switch_box( $post ) {
	wp_nonce_field( 'mirofish_page_switch', 'mirofish_page_switch_nonce' );
	printf(
		'<label><input type="checkbox" name="mirofish_off" value="1"%s> %s</label>',
		checked( (bool) get_post_meta( $post->ID, '_mirofish_off', true ), true, false ),
		esc_html__( 'No fish background on this page', 'mirofish' )
	);
}

add_action( 'save_post', 'mirofish_save_page_switch' );

/**
 * The box's value, from the classic editor's form only (the block editor saves the meta through the REST API).
 *
 * @param int $post_id The post saved.
 */
function mirofish_save_page_switch( $post_id ) {
	if ( ! isset( $_POST['mirofish_page_switch_nonce'] ) || ! wp_verify_nonce( sanitize_key( wp_unslash( $_POST['mirofish_page_switch_nonce'] ) ), 'mirofish_page_switch' ) ) {
		return;
	}
	if ( ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || ! current_user_can( 'edit_post', $post_id ) ) {
		return;
	}
	if ( empty( $_POST['mirofish_off'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Missing -- verified above; only its presence is read
		delete_post_meta( $post_id, '_mirofish_off' );
	} else {
		update_post_meta( $post_id, '_mirofish_off', true );
	}
}
