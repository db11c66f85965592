<?php
/**
 * The block on the page: a wrapper of the chosen height, <miro-fish> filling it behind, the blocks inside it over
 * the fish. Every attribute is checked against the parameter table and escaped (a post's markup is anyone's with
 * the right to edit it). Layout in style attributes: no stylesheet of ours on pages without the block.
 *
 * @package MiroFish
 *
 * @var array  $attributes The block's attributes.
 * @var string $content    The blocks inside it, rendered.
 */

defined( 'ABSPATH' ) || exit;

?>
<div <?php echo get_block_wrapper_attributes( array( 'style' => 'position:relative;min-height:' . esc_attr( mirofish_block_height( $attributes ) ) . ';' ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by get_block_wrapper_attributes() ?>>
	<miro-fish<?php echo mirofish_block_element_attributes( $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- each value esc_attr()'d ?> style="position:absolute;inset:0"></miro-fish>
	<div class="wp-block-mirofish-school__content" style="position:relative"><?php echo $content; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the inner blocks, rendered by WordPress ?></div>
</div>
