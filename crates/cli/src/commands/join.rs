//! `boardfile join`: bridge sets joined into one, in order.

use crate::args::{examples, heading, write_options, LayoutArgs, StageArgs, TitleArgs};
use crate::bridge;
use crate::plan::{bridge_outputs, parse_format, refuse_overwrite, refuse_replacing};
use crate::plan::{AnyFormat, Named, Opened};
use crate::report::{Failure, Outcome};
use boardfile_io::{Input, Output};
use std::io::Write;
use std::path::PathBuf;

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # a week's sessions as one set, numbered from 1
  boardfile join monday.pbn tuesday.pbn week.pbn --renumber 1
  # two halves of a session, for a dealing machine
  boardfile join first-half.dup second-half.dup session.dlm
"#;

/// Join board sets into one, in order: IN... then OUT.
///
/// The first input's set-level data (event, DLM header...) is the
/// set's. A board number that comes twice is refused unless --renumber
/// numbers the boards anew.
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args {
    /// Input files, then the output file (- for standard output).
    #[arg(required = true, num_args = 2.., value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Input format of every input; default: detected for each.
    #[arg(long, value_parser = parse_format, help_heading = heading::INPUT)]
    from: Option<Named>,
    /// Output format; default: OUT's extension.
    #[arg(long, value_parser = parse_format, help_heading = heading::OUTPUT)]
    to: Option<Named>,
    /// Leave out (and name) boards that do not read.
    #[arg(long, help_heading = heading::INPUT)]
    skip_bad: bool,
    /// PBN: the strict 2.1 export format (see convert).
    #[arg(long, help_heading = heading::OUTPUT)]
    normalize: bool,
    /// Replace OUT when it exists (without it, an existing file is
    /// refused).
    #[arg(long, help_heading = heading::OUTPUT)]
    force: bool,
    #[command(flatten)]
    stage: StageArgs,
    #[command(flatten)]
    layout: LayoutArgs,
    #[command(flatten)]
    titles: TitleArgs,
}

/// Joins IN... into OUT.
pub fn exec(args: Args, _: &mut dyn Write) -> Result<Outcome, Failure> {
    let Args {
        mut files,
        from,
        to,
        skip_bad,
        normalize,
        force,
        stage,
        layout,
        titles,
    } = args;
    let output = Output::new(&files.pop().expect("clap asks for two or more"));
    let inputs: Vec<Input> = files.iter().map(|p| Input::new(p)).collect();
    let outputs = [output];
    refuse_overwrite(&inputs, &outputs)?;
    refuse_replacing(&outputs[0], force)?;
    if inputs.iter().filter(|i| matches!(i, Input::Stdin)).count() > 1 {
        return Err(Failure::operational(
            "standard input (-) can be read once".into(),
        ));
    }
    let mut opened = Vec::with_capacity(inputs.len());
    for input in &inputs {
        let o = Opened::open(input)?;
        let AnyFormat::Bridge(f) = o.format(from.as_ref())? else {
            return Err(Failure::operational(format!(
                "{input}: join is for bridge board sets"
            )));
        };
        opened.push((o, f));
    }
    let outputs = bridge_outputs(&outputs, to.as_ref())?;
    let options = write_options(None, normalize, layout, &titles);
    titles.note_untitled(&outputs);
    let mut stage = stage.stage(true);
    stage.headings = titles.headings();
    let convert = bridge::ConvertArgs {
        options: &options,
        deals: None,
        skip_bad,
        stage,
    };
    bridge::join(opened, &outputs, &convert)
}
