//! Text forms of games: JSON Lines and transcripts.
